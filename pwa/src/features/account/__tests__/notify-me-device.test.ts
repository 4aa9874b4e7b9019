// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockAlert } from '@haat/shared/notify-me/notify-me.schema';
import type { User } from '@haat/shared/users/user.types';
import { until } from '../../../test-support/until';

/** Each call the device makes, with its URL and body, answered (or failed) by the test when it chooses. */
interface Call {
  what: string;
  body: unknown;
  answer: (data: unknown) => void;
  fail: () => void;
}
const calls: Call[] = [];
vi.mock('../../../lib/http/http', () => {
  const call = (method: string) => (url: string, options?: { json?: unknown }) => ({
    json: () =>
      new Promise((resolve, reject) =>
        calls.push({
          what: `${method} ${url}`,
          body: options?.json,
          answer: (data) => resolve({ success: true, data }),
          fail: () => reject(new TypeError('Failed to fetch')),
        }),
      ),
  });
  return { http: { get: call('GET'), post: call('POST') } };
});
let online = true;
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);

const { db } = await import('../../../lib/storage/db');
const { clearUserData } = await import('../../../lib/storage/user-data');
const { outboxFacade } = await import('../../../lib/storage/outbox-facade');
const { setSessionUser } = await import('../../../lib/http/session');
const { tokens } = await import('../../../lib/http/tokens');
const { registerNotifyMeSync, reloadNotifyMe } = await import('../notify-me-sync');
const { setNotifyMe } = await import('../hooks/use-notify-me');
const { registerWishlistSync, reloadWishlistSeeingDrops } = await import('../wishlist-sync');

const wait = (productId: string, variantId: string | null = null): StockAlert => ({
  productId,
  variantId,
  name: 'Brass Lamp',
  variantName: variantId ? 'Large' : null,
  image: [],
  price: 900,
  discount: 0,
  inStock: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2027-01-30T00:00:00.000Z',
  channels: ['email'],
});
const asked = (what: string) => calls.filter((c) => c.what === what);
const keys = async () => (await db.notifyMe.toArray()).map((w) => w.key).sort();

beforeEach(async () => {
  calls.length = 0;
  online = true;
  await clearUserData();
  tokens.save({ accessToken: 'access', refreshToken: 'refresh' });
  setSessionUser({ _id: 'u1', name: 'Asha' } as User);
  registerNotifyMeSync();
  registerWishlistSync();
});

describe('"Notify me" on the device', () => {
  it('keeps an ask made offline on the device and in the outbox, sends it once online, and keys an option apart', async () => {
    online = false;
    await (
      await setNotifyMe({ productId: 'p1', variantId: null }, true)
    ).sent;
    await (
      await setNotifyMe({ productId: 'p1', variantId: 'v2' }, true)
    ).sent;
    expect(calls).toEqual([]);
    expect(await keys()).toEqual(['p1', 'p1:v2']);
    expect((await db.outbox.toArray()).map((e) => [e.op, e.body])).toEqual([
      ['notify-me.add', { productId: 'p1' }],
      ['notify-me.add', { productId: 'p1', variantId: 'v2' }],
    ]);
    // A reload answered without them while they are queued does not take them off the screen.
    online = true;
    const reload = reloadNotifyMe();
    await until(() => expect(asked('GET user/notify-me')).toHaveLength(1));
    asked('GET user/notify-me')[0]!.answer([]);
    await reload;
    expect(await keys()).toEqual(['p1', 'p1:v2']);
    // Back online they go out one by one, as the API names them.
    const sent = outboxFacade.flush();
    await until(() => expect(asked('POST product/notify-me')).toHaveLength(1));
    asked('POST product/notify-me')[0]!.answer({ created: true });
    await until(() => expect(asked('POST product/notify-me')).toHaveLength(2));
    asked('POST product/notify-me')[1]!.answer({ created: true });
    await sent;
    expect(asked('POST product/notify-me').map((c) => c.body)).toEqual([{ productId: 'p1' }, { productId: 'p1', variantId: 'v2' }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes the server’s list once nothing is queued: a told wait is gone, and the row carries what My Account shows', async () => {
    await db.notifyMe.put({ key: 'p9', productId: 'p9', variantId: null, addedAt: 1 });
    const reload = reloadNotifyMe();
    await until(() => expect(asked('GET user/notify-me')).toHaveLength(1));
    asked('GET user/notify-me')[0]!.answer([wait('p1', 'v2')]);
    await reload;
    const [row] = await db.notifyMe.toArray();
    expect(row).toMatchObject({
      key: 'p1:v2',
      productId: 'p1',
      variantId: 'v2',
      addedAt: Date.parse('2026-11-01T00:00:00.000Z'),
      wait: { variantName: 'Large' },
    });
    expect(await keys()).toEqual(['p1:v2']);
  });
});

describe('removing a "Notify me" wait', () => {
  it('removes at once and queues the removal: a reload asked before it reached the server does not bring the wait back', async () => {
    const first = reloadNotifyMe();
    await until(() => expect(asked('GET user/notify-me')).toHaveLength(1));
    asked('GET user/notify-me')[0]!.answer([wait('p1')]);
    await first;
    online = false;
    const stale = reloadNotifyMe();
    await until(() => expect(asked('GET user/notify-me')).toHaveLength(2));
    await (
      await setNotifyMe({ productId: 'p1', variantId: null }, false)
    ).sent;
    expect(await keys()).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => [e.op, e.body])).toEqual([['notify-me.remove', { productId: 'p1' }]]);
    asked('GET user/notify-me')[1]!.answer([wait('p1')]);
    await stale;
    expect(await keys()).toEqual([]);
    online = true;
    const sent = outboxFacade.flush();
    await until(() => expect(asked('POST product/notify-me/remove')).toHaveLength(1));
    asked('POST product/notify-me/remove')[0]!.answer(null);
    await sent;
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the wishlist’s "Price dropped" mark', () => {
  const lamp = { _id: 'w1', name: 'Brass Lamp', image: [], unit: '1 pc', price: 800, discount: 0, stock: 5, addedAt: '2026-11-01T00:00:00.000Z' };

  it('is stored from the server’s answer before the screen says it was seen, and stays when that cannot be said', async () => {
    const reload = reloadWishlistSeeingDrops();
    await until(() => expect(asked('GET wishlist/get')).toHaveLength(1));
    expect(asked('POST wishlist/seen')).toEqual([]);
    asked('GET wishlist/get')[0]!.answer([{ ...lamp, priceDrop: { from: 1000, by: 200 } }]);
    await until(() => expect(asked('POST wishlist/seen')).toHaveLength(1));
    expect((await db.wishlist.get('w1'))?.product?.priceDrop).toEqual({ from: 1000, by: 200 });
    asked('POST wishlist/seen')[0]!.fail();
    await reload;
    expect((await db.wishlist.get('w1'))?.product?.priceDrop).toEqual({ from: 1000, by: 200 });

    // The next visit's answer has no mark (seen): the device drops it too.
    const next = reloadWishlistSeeingDrops();
    await until(() => expect(asked('GET wishlist/get')).toHaveLength(2));
    asked('GET wishlist/get')[1]!.answer([lamp]);
    await until(() => expect(asked('POST wishlist/seen')).toHaveLength(2));
    asked('POST wishlist/seen')[1]!.answer(null);
    await next;
    expect((await db.wishlist.get('w1'))?.product?.priceDrop).toBeUndefined();
  });
});
