// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { until } from '../../../test-support/until';

/** Each cart call the device makes, answered by the test when it chooses. */
const calls: Array<{ method: string; path: string; answer: (data: unknown[]) => void }> = [];
vi.mock('../../../lib/http/http', () => {
  const call = (method: string) => (path: string) => ({
    json: () => new Promise((resolve) => calls.push({ method, path, answer: (data) => resolve({ success: true, data }) })),
  });
  return { http: { get: call('GET'), put: call('PUT'), post: call('POST') } };
});

const { db } = await import('../../../lib/storage/db');
const { clearUserData } = await import('../../../lib/storage/user-data');
const { outboxFacade } = await import('../../../lib/storage/outbox-facade');
const { setSessionUser } = await import('../../../lib/http/session');
const { tokens } = await import('../../../lib/http/tokens');
const { registerCartSync, reloadCart } = await import('../cart-sync');
const { changeCart } = await import('../change-cart');

const watch = { name: 'Watch', _id: 'w1', image: [], unit: '1 pc', price: 500, discount: 10, stock: 5 };
const serverLine = (quantity: number) => ({ _id: 'line1', productId: watch, quantity, variantId: null, createdAt: '2026-11-25T10:00:00Z' });
const asked = (method: string) => until(() => expect(calls.find((c) => c.method === method)).toBeDefined());

beforeEach(async () => {
  calls.length = 0;
  await clearUserData();
  tokens.save({ accessToken: 'access', refreshToken: 'refresh' });
  setSessionUser({ _id: 'u1', name: 'Asha' } as User);
  registerCartSync();
});

describe('reloading the cart', () => {
  it('does not take back an Add whose sync was answered while the reload was on its way', async () => {
    // Signing in reloads the cart; the server is slow to answer, and the shopper adds a watch meanwhile.
    const reload = reloadCart();
    await asked('GET');
    await changeCart(watch, 1, null);
    await asked('PUT');
    calls.find((c) => c.method === 'PUT')!.answer([serverLine(1)]);
    await until(async () => expect(await outboxFacade.pending('cart.sync')).toEqual([]));
    // The reload's answer was read before the sync reached the server: an empty cart.
    calls.find((c) => c.method === 'GET')!.answer([]);
    await reload;
    expect((await db.cart.toArray()).map((l) => [l.productId, l.quantity])).toEqual([['w1', 1]]);

    // A reload asked after the sync is taken as the server's word.
    const next = reloadCart();
    await until(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    calls.filter((c) => c.method === 'GET')[1]!.answer([serverLine(3)]);
    await next;
    expect((await db.cart.toArray()).map((l) => [l.productId, l.quantity])).toEqual([['w1', 3]]);
  });
});
