import 'fake-indexeddb/auto';
import { act, cleanup, renderHook } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { db } from '../../../lib/storage/db';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { clearUserData } from '../../../lib/storage/user-data';
import { setSessionUser } from '../../../lib/http/session';
import { toastsAtom } from '../../../lib/ui/toast';
import { useCartActions } from '../hooks/use-cart-actions';

const watch = { name: 'Watch', _id: 'w1', image: [], unit: '1 pc', price: 500, discount: 10, stock: 2 };
let where = '';

function Where() {
  where = useLocation().pathname;
  return null;
}
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/']}>
    {children}
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </MemoryRouter>
);
const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.message);
const queued = async () => (await outboxFacade.pending('cart.sync')).map((e) => e.body.items);

beforeEach(async () => {
  await clearUserData();
  getDefaultStore().set(toastsAtom, []);
  setSessionUser(null);
});
afterEach(cleanup);

describe('cart actions (docs/product.md#states, Cart)', () => {
  it('asks a visitor to sign in and changes nothing', async () => {
    const { result } = renderHook(() => useCartActions(), { wrapper });
    await act(() => result.current.increment(watch));
    expect(toasts()).toContain('Please login first to add products!');
    expect(where).toBe('/login');
    expect(await db.cart.count()).toBe(0);
    expect(await queued()).toEqual([]);
  });

  it('adds one, stops at the stock, and removes at 1, queueing each absolute quantity', async () => {
    setSessionUser({ _id: 'u1', name: 'Asha' } as User);
    navigatorOffline(); // nothing is sent: the outbox keeps every change
    const { result } = renderHook(() => useCartActions(), { wrapper });
    // Each change said in words, with the product and how many are in the cart now: one toast at a time, the latest
    // taking the place of the one before (a pile of them climbed over the buy box and hid the greyed +).
    const said: string[][] = [];
    await act(() => result.current.increment(watch));
    said.push(toasts());
    await act(() => result.current.increment(watch));
    said.push(toasts());
    await act(() => result.current.increment(watch)); // stock is 2
    said.push(toasts());
    expect((await db.cart.get('w1'))?.quantity).toBe(2);
    await act(() => result.current.decrement(watch));
    said.push(toasts());
    await act(() => result.current.decrement(watch));
    said.push(toasts());
    expect(await db.cart.get('w1')).toBeUndefined();
    expect(await queued()).toEqual([
      [{ productId: 'w1', variantId: null, quantity: 1 }],
      [{ productId: 'w1', variantId: null, quantity: 2 }],
      [{ productId: 'w1', variantId: null, quantity: 1 }],
      [{ productId: 'w1', variantId: null, quantity: 0 }],
    ]);
    expect(said).toEqual([['Added: Watch, 1 in cart'], ['Watch: 2 in cart'], ['Only 2 of Watch in stock.'], ['Watch: 1 in cart'], ['Removed: Watch']]);
  });

  it('keeps one product in two variants as two lines, each capped by its own stock, and queues the variantId offline', async () => {
    setSessionUser({ _id: 'u1', name: 'Asha' } as User);
    navigatorOffline();
    const sack = { ...watch, _id: 'rice', name: 'Rice', price: 5000, stock: 1 };
    const pack = { ...sack, price: 100, stock: 9 };
    const kg5 = { _id: 'kg5', name: '5 kg' };
    const kg1 = { _id: 'kg1', name: '1 kg' };
    const { result } = renderHook(() => useCartActions(), { wrapper });
    await act(() => result.current.increment(sack, 1, kg5));
    await act(() => result.current.increment(sack, 1, kg5)); // the sack's own stock is 1
    expect(toasts()).toEqual(['Only 1 of Rice (5 kg) in stock.']);
    await act(() => result.current.increment(pack, 2, kg1));
    const lines = await db.cart.orderBy('key').toArray();
    expect(lines.map((l) => [l.key, l.productId, l.variantId, l.variant?.name, l.quantity, l.product.price])).toEqual([
      ['rice:kg1', 'rice', 'kg1', '1 kg', 2, 100],
      ['rice:kg5', 'rice', 'kg5', '5 kg', 1, 5000],
    ]);
    expect(await queued()).toEqual([[{ productId: 'rice', variantId: 'kg5', quantity: 1 }], [{ productId: 'rice', variantId: 'kg1', quantity: 2 }]]);
    await act(() => result.current.decrement(sack, kg5));
    expect((await db.cart.toArray()).map((l) => l.key)).toEqual(['rice:kg1']);
  });
});

function navigatorOffline() {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
}
