// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { until } from '../../../test-support/until';

/** Each wishlist call the device makes, answered by the test when it chooses. */
const calls: Array<{ method: string; answer: (data: unknown) => void }> = [];
vi.mock('../../../lib/http/http', () => {
  const call = (method: string) => () => ({
    json: () => new Promise((resolve) => calls.push({ method, answer: (data) => resolve({ success: true, data }) })),
  });
  return { http: { get: call('GET'), post: call('POST') } };
});

const { db } = await import('../../../lib/storage/db');
const { clearUserData } = await import('../../../lib/storage/user-data');
const { outboxFacade } = await import('../../../lib/storage/outbox-facade');
const { setSessionUser } = await import('../../../lib/http/session');
const { tokens } = await import('../../../lib/http/tokens');
const { registerWishlistSync, reloadWishlist } = await import('../wishlist-sync');

const watch = { _id: 'w1', name: 'Watch', image: [], unit: '1 pc', price: 500, discount: 10, stock: 5 };
const gets = () => calls.filter((c) => c.method === 'GET');

beforeEach(async () => {
  calls.length = 0;
  await clearUserData();
  tokens.save({ accessToken: 'access', refreshToken: 'refresh' });
  setSessionUser({ _id: 'u1', name: 'Asha' } as User);
  registerWishlistSync();
});

describe('reloading the wishlist', () => {
  it('does not take back a heart acknowledged while the reload was on its way', async () => {
    const reload = reloadWishlist();
    await until(() => expect(gets()).toHaveLength(1));
    // The heart, as the card's toggle stores and queues it, then sent and acknowledged.
    await outboxFacade.transaction([db.wishlist], async () => {
      await db.wishlist.put({ _id: 'w1', addedAt: Date.now(), product: watch });
      await outboxFacade.enqueue('wishlist.add', { productId: 'w1' });
    });
    const sent = outboxFacade.flush();
    await until(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    calls.find((c) => c.method === 'POST')!.answer(null);
    await sent;
    // The reload's answer was read before the heart reached the server: an empty wishlist.
    gets()[0]!.answer([]);
    await reload;
    expect((await db.wishlist.toArray()).map((w) => w._id)).toEqual(['w1']);

    // A reload asked after the heart is taken as the server's word.
    const next = reloadWishlist();
    await until(() => expect(gets()).toHaveLength(2));
    gets()[1]!.answer([]);
    await next;
    expect(await db.wishlist.toArray()).toEqual([]);
  });
});
