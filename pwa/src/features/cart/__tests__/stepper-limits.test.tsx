import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import { setLanguage } from '../../../i18n/i18n';
import { db } from '../../../lib/storage/db';
import { signedInOffline, toastMessages } from '../../../test-support/offline-shopper';
import { AddToCartButton } from '../components/add-to-cart-button';

const tea = { name: 'Assam Tea', _id: 't1', image: [], unit: '250 g', price: 150, discount: 0, stock: 40, maxPerOrder: 10 };
const toasts = toastMessages;

beforeEach(signedInOffline);
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const renderAdd = (product: CartProduct) =>
  render(
    <MemoryRouter>
      <AddToCartButton product={product} />
    </MemoryRouter>,
  );

// Each test adds its own product: the cards' one shared cart query may still hold the last test's line.

/** Taps + `times` times, each tap's change written before the next. */
async function tap(plus: () => HTMLElement, times: number) {
  for (let i = 0; i < times; i++) await act(() => Promise.resolve(void fireEvent.click(plus())));
}

describe('the stepper shows its limits before the tap (docs/product.md#rules-and-limits)', () => {
  it('disables + at the per-order limit, keeps it focusable, and says the limit once however often it is tapped', async () => {
    renderAdd(tea);
    fireEvent.click(screen.getByRole('button', { name: 'Add: Assam Tea' }));
    const plus = () => screen.getByRole('button', { name: 'Add one more Assam Tea' });
    await screen.findByRole('button', { name: 'Add one more Assam Tea' });
    await tap(plus, 8);
    await waitFor(async () => expect((await db.cart.get('t1'))?.quantity).toBe(9));
    expect(plus().getAttribute('aria-disabled')).toBeNull();
    await tap(plus, 1);
    await waitFor(() => expect(plus().getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByText('10')).toBeTruthy();
    await tap(plus, 3);
    expect((await db.cart.get('t1'))?.quantity).toBe(10);
    expect(toasts().filter((m) => m === 'You can buy at most 10 of Assam Tea in one order.')).toHaveLength(1);
    expect(toasts().at(-1)).toBe('You can buy at most 10 of Assam Tea in one order.');
  });

  it('disables + at the stock when it is below the limit, and says so in Hindi', async () => {
    await setLanguage('hi-IN', false);
    renderAdd({ ...tea, _id: 't2', stock: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'जोड़ें: Assam Tea' }));
    const plus = () => screen.getByRole('button', { name: 'एक और Assam Tea जोड़ें' });
    await screen.findByRole('button', { name: 'एक और Assam Tea जोड़ें' });
    await tap(plus, 2);
    await waitFor(() => expect(plus().getAttribute('aria-disabled')).toBe('true'));
    await tap(plus, 2);
    expect((await db.cart.get('t2'))?.quantity).toBe(3);
    expect(toasts().filter((m) => m === 'Assam Tea के सिर्फ़ 3 स्टॉक में हैं।')).toHaveLength(1);
  });

  it('takes the product’s own limit: a line of a product limited to 2 stops at 2 with 40 in stock', async () => {
    renderAdd({ ...tea, _id: 't3', maxPerOrder: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Add: Assam Tea' }));
    const plus = () => screen.getByRole('button', { name: 'Add one more Assam Tea' });
    await screen.findByRole('button', { name: 'Add one more Assam Tea' });
    await tap(plus, 1);
    await waitFor(() => expect(plus().getAttribute('aria-disabled')).toBe('true'));
    await tap(plus, 1);
    expect((await db.cart.get('t3'))?.quantity).toBe(2);
    expect(toasts().at(-1)).toBe('You can buy at most 2 of Assam Tea in one order.');
  });
});
