import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/storage/db';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { clearUserData } from '../../../lib/storage/user-data';
import { setSessionUser } from '../../../lib/http/session';
import type { User } from '@haat/shared/users/user.types';
import { CartPanel } from '../components/cart-panel';
import { addStylesheet } from '../../../test-support/stylesheet';

const product = (id: string, name: string, price: number, discount: number) => ({ _id: id, name, image: [], unit: '1 pc', price, discount, stock: 9 });

function renderPanel() {
  return render(
    <MemoryRouter>
      <CartPanel />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await clearUserData();
  setSessionUser(null);
});
afterEach(cleanup);

describe('the cart panel (docs/product.md#screens)', () => {
  it('shows savings, items and Bill details with the undiscounted total struck through', async () => {
    await db.cart.bulkPut([
      { key: 'w1', productId: 'w1', quantity: 2, product: product('w1', 'Watch', 999, 15), addedAt: 1 },
      { key: 'b1', productId: 'b1', quantity: 1, product: product('b1', 'Book', 250, 0), addedAt: 2 },
    ]);
    renderPanel();
    const bill = await screen.findByTestId('bill-details');
    expect(within(bill).getByTestId('items-total-original').textContent).toBe('₹2,248.00');
    expect(within(bill).getByTestId('items-total').textContent).toBe('₹1,948.00');
    expect(within(bill).getByText('Quantity total')).toBeTruthy();
    expect(within(bill).getByTestId('quantity-total').textContent).toBe('3 items');
    expect(within(bill).getByText('Free')).toBeTruthy();
    expect(within(bill).getByTestId('grand-total').textContent).toBe('₹1,948.00');
    expect(screen.getByTestId('cart-savings').textContent).toBe('Your total savings₹300.00');
    expect(screen.getAllByTestId('cart-line').map((li) => li.dataset.productId)).toEqual(['w1', 'b1']);
    expect(screen.getByRole('button', { name: 'Please Login' })).toBeTruthy();
  });

  it('has no savings row, and nothing struck through, when nothing is discounted', async () => {
    await db.cart.bulkPut([{ key: 'b1', productId: 'b1', quantity: 2, product: product('b1', 'Book', 250, 0), addedAt: 1 }]);
    renderPanel();
    const bill = await screen.findByTestId('bill-details');
    expect(within(bill).getByTestId('grand-total').textContent).toBe('₹500.00');
    expect(screen.queryByTestId('cart-savings')).toBeNull();
    expect(screen.queryByText('Your total savings')).toBeNull();
    expect(within(bill).queryByTestId('items-total-original')).toBeNull();
  });

  it("wraps a line's long name to two lines, then an ellipsis, instead of cutting it to one", async () => {
    const removeCss = addStylesheet('features/cart/components/cart.css');
    try {
      const long = 'Prestige Svachh Stainless Steel Outer Lid Pressure Cooker, 5 Litres, with Deep Lid for Spillage Control';
      await db.cart.bulkPut([{ key: 'p1', productId: 'p1', quantity: 1, product: product('p1', long, 2499, 0), addedAt: 1 }]);
      renderPanel();
      const name = await screen.findByText(long);
      const css = getComputedStyle(name);
      expect(css.whiteSpace).not.toBe('nowrap');
      expect(css.display).toBe('-webkit-box');
      expect(css.getPropertyValue('-webkit-line-clamp')).toBe('2');
      expect(css.overflow).toBe('hidden');
      expect(name.getAttribute('title'), 'the whole name on hover').toBe(long);
    } finally {
      removeCss();
    }
  });

  it('marks lines whose change has not reached the server and offers Proceed when signed in', async () => {
    setSessionUser({ _id: 'u1', name: 'Asha', verify_email: true } as User);
    await db.cart.bulkPut([
      { key: 'w1', productId: 'w1', quantity: 1, product: product('w1', 'Watch', 500, 0) },
      { key: 'b1', productId: 'b1', quantity: 1, product: product('b1', 'Book', 250, 0) },
    ]);
    await outboxFacade.enqueue('cart.sync', { items: [{ productId: 'b1', quantity: 1 }] }, 'k1');
    renderPanel();
    await screen.findAllByTestId('cart-line');
    const waiting = await screen.findAllByTestId('waiting-for-network');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.closest('li')!.dataset.productId).toBe('b1');
    expect(screen.getByRole('button', { name: /Proceed/ })).toBeTruthy();
  });

  it('shows the empty state with Shop Now', async () => {
    renderPanel();
    expect(await screen.findByTestId('empty-cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/');
  });
});
