import 'fake-indexeddb/auto';
import { act, cleanup, renderHook } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { db } from '../../../lib/db';
import { outboxFacade } from '../../../lib/outbox-facade';
import { clearUserData } from '../../../lib/user-data';
import { setSessionUser } from '../../../lib/session';
import { toastsAtom } from '../../../lib/toast';
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

describe('cart actions (spec §4 Cart)', () => {
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
    await act(() => result.current.increment(watch));
    await act(() => result.current.increment(watch));
    await act(() => result.current.increment(watch)); // stock is 2
    expect((await db.cart.get('w1'))?.quantity).toBe(2);
    await act(() => result.current.decrement(watch));
    await act(() => result.current.decrement(watch));
    expect(await db.cart.get('w1')).toBeUndefined();
    expect(await queued()).toEqual([
      [{ productId: 'w1', quantity: 1 }],
      [{ productId: 'w1', quantity: 2 }],
      [{ productId: 'w1', quantity: 1 }],
      [{ productId: 'w1', quantity: 0 }],
    ]);
    expect(toasts()).toEqual(['Item added', 'Only 2 of Watch in stock.', 'Item removed']);
  });
});

function navigatorOffline() {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
}
