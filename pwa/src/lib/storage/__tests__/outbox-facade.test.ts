// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { IdempotencyKey } from '@haat/shared/common/idempotency-key';
import { db } from '../db';
import { outboxFacade } from '../outbox-facade';
import { rowsOf } from '../outbox-ops';
import { clearUserData } from '../user-data';

const cod = (productId: string) => ({ list_items: [{ productId, quantity: 1 }], totalAmt: 10, address: 'A1' });

beforeEach(() => clearUserData());

describe('the outbox façade', () => {
  it('answers the pending writes of the kinds asked for, oldest first, each body typed by its kind', async () => {
    await outboxFacade.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 2 }] }, 'k1');
    await outboxFacade.enqueue('wishlist.add', { productId: 'p9' }, 'k2');
    await outboxFacade.enqueue('order.cod', cod('p1'), 'k3');
    await outboxFacade.enqueue('cart.sync', { items: [{ productId: 'p2', quantity: 1 }] }, 'k4');

    const both = await outboxFacade.pending(['order.cod', 'cart.sync']);
    expect(both.map((w) => [w.key, w.op])).toEqual([
      ['k1', 'cart.sync'],
      ['k3', 'order.cod'],
      ['k4', 'cart.sync'],
    ]);
    expect(both.map(rowsOf)).toEqual([[['cartLines', 'p1']], [['cartLines', 'p1']], [['cartLines', 'p2']]]);
    expect((await outboxFacade.pending('cart.sync', { after: 'k3' })).map((w) => w.body.items)).toEqual([[{ productId: 'p2', quantity: 1 }]]);
    expect((await outboxFacade.pending('cart.sync', { except: new Set(['k1']) })).map((w) => w.key)).toEqual(['k4']);
    expect((await outboxFacade.pending(['wishlist.add', 'wishlist.remove'])).map((w) => w.body.productId)).toEqual(['p9']);
  });

  it('hands out keys the API accepts as Idempotency-Keys (the shared schema)', async () => {
    const keys = [await outboxFacade.enqueue('wishlist.add', { productId: 'p1' }), await outboxFacade.enqueue('wishlist.remove', { productId: 'p1' })];
    expect(keys.map((key) => IdempotencyKey.safeParse(key).success)).toEqual([true, true]);
    expect(keys.every((key) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(key))).toBe(true); // ULIDs
    expect(keys[0]! < keys[1]!).toBe(true);
  });

  it('puts writes queued by an earlier version (27 base-36 characters, still valid keys) before new ones', async () => {
    const minuteAgo = Date.now() - 60_000;
    const legacy = `${minuteAgo.toString(36).padStart(9, '0')}0000a1b2c3d4e5f6g7`;
    expect(IdempotencyKey.safeParse(legacy).success).toBe(true);
    const fresh = await outboxFacade.enqueue('cart.sync', { items: [{ productId: 'p2', quantity: 1 }] });
    await outboxFacade.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 3 }] }, legacy);
    expect((await outboxFacade.pending('cart.sync')).map((w) => w.key)).toEqual([legacy, fresh]);
    expect((await outboxFacade.pending('cart.sync', { after: legacy })).map((w) => w.key)).toEqual([fresh]);
    expect(await outboxFacade.pending('cart.sync', { after: fresh })).toEqual([]);
  });

  it('keeps a failed write findable but no longer pending, and discards by key', async () => {
    const key = await outboxFacade.enqueue('order.cod', cod('p1'));
    await outboxFacade.markFailed(key, 'Prices have changed.');
    expect(await outboxFacade.pending('order.cod')).toEqual([]);
    expect((await outboxFacade.find(key))?.failed).toBe('Prices have changed.');
    await outboxFacade.discard(key);
    expect(await outboxFacade.find(key)).toBeUndefined();
  });

  it('queues a write together with the local change, or neither', async () => {
    const failing = outboxFacade.transaction([db.cart], async () => {
      await db.cart.put({ key: 'p1', productId: 'p1', quantity: 1, product: { _id: 'p1', name: 'x', image: [], unit: '1', price: 1, discount: 0, stock: 1 } });
      await outboxFacade.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 1 }] });
      throw new Error('the tab closed');
    });
    await expect(failing).rejects.toThrow('the tab closed');
    expect(await db.cart.count()).toBe(0);
    expect(await outboxFacade.pending('cart.sync')).toEqual([]);
  });
});
