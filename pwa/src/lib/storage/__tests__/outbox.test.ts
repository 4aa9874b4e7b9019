// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttp } from '../../http/create-http';
import { createOutbox, type OutboxEntry } from '../outbox';
import { startShopServer, type ShopServer } from '../../../test-support/shop-server';

type Line = { productId: string; quantity: number };
type Placed = { key: string; orderId: string };

class TestDb extends Dexie {
  outbox!: Table<OutboxEntry, string>;
  placed!: Table<Placed, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ outbox: 'key, op', placed: 'key' });
  }
}

let server: ShopServer;
let db: TestDb;

/** The app's outbox wiring in miniature: real ky client, real IndexedDB (fake-indexeddb), real server. */
function outboxOn(database: TestDb, opts: { crashOnSettle?: boolean } = {}) {
  const http = createHttp({ prefixUrl: `${server.url}/api`, onError: () => undefined });
  const outbox = createOutbox(database.outbox);
  outbox.register<{ items: Line[] }, unknown>('cart.sync', {
    batch: true,
    send: (entries) => {
      const merged = new Map<string, number>();
      for (const e of entries) for (const l of e.body.items) merged.set(l.productId, l.quantity);
      const items = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
      return http.put('cart/sync', { json: { items }, headers: { 'idempotency-key': entries.at(-1)!.key }, retry: 0 }).json();
    },
  });
  outbox.register<{ list_items: Line[]; totalAmt: unknown }, { data: { orderId: string } }>('order.cod', {
    send: ([e]) => http.post('order/cash-on-delivery', { json: e!.body, headers: { 'idempotency-key': e!.key }, retry: 0 }).json(),
    tables: [database.placed],
    settle: async ([e], answer) => {
      await database.placed.put({ key: e!.key, orderId: answer.data.orderId });
      if (opts.crashOnSettle) throw new Error('tab closed between send and acknowledgement');
    },
    reject: () => Promise.resolve(true),
  });
  return outbox;
}

beforeEach(async () => {
  server = await startShopServer();
  db = new TestDb(`outbox-${Math.random()}`);
});
afterEach(async () => {
  db.close();
  await server.close();
});

describe('the outbox', () => {
  it('sends writes in the order the shopper made them, batching runs of cart changes', async () => {
    const outbox = outboxOn(db);
    await outbox.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 1 }] });
    await outbox.enqueue('cart.sync', { items: [{ productId: 'p2', quantity: 2 }] });
    await outbox.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 4 }] });
    const orderKey = await outbox.enqueue('order.cod', { list_items: [{ productId: 'p1', quantity: 4 }], totalAmt: 100 });
    await outbox.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 0 }] });
    await outbox.flush();
    expect(server.log.map((l) => l.op)).toEqual(['sync', 'order', 'sync']);
    expect(server.log[0]!.body).toEqual({
      items: [
        { productId: 'p1', quantity: 4 },
        { productId: 'p2', quantity: 2 },
      ],
    });
    expect(server.log[1]!.key).toBe(orderKey);
    expect([...server.cart]).toEqual([['p2', 2]]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.placed.get(orderKey)).toEqual({ key: orderKey, orderId: 'OD1' });
  });

  it('sends writes queued by an earlier version, whose keys sort after ULIDs, before the ones queued since', async () => {
    const minuteAgo = Date.now() - 60_000;
    const legacy = (n: number) => `${minuteAgo.toString(36).padStart(9, '0')}${n.toString(36).padStart(4, '0')}a1b2c3d4e5f6g7`;
    const at = new Date(minuteAgo).toISOString();
    await db.outbox.bulkPut([
      { key: legacy(0), op: 'cart.sync', body: { items: [{ productId: 'p1', quantity: 5 }] }, createdAt: at, attempts: 0 },
      { key: legacy(1), op: 'order.cod', body: { list_items: [{ productId: 'p1', quantity: 5 }], totalAmt: 100 }, createdAt: at, attempts: 0 },
    ]);
    const outbox = outboxOn(db);
    const fresh = await outbox.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 1 }] });
    expect(fresh < legacy(0)).toBe(true);
    await outbox.flush();
    expect(server.log.map((l) => [l.op, l.key])).toEqual([
      ['sync', legacy(0)],
      ['order', legacy(1)],
      ['sync', fresh],
    ]);
    expect([...server.cart]).toEqual([['p1', 1]]);
  });

  it('keeps everything while the network is down and sends it once it is back', async () => {
    const outbox = outboxOn(db);
    server.down = true;
    await outbox.enqueue('cart.sync', { items: [{ productId: 'p1', quantity: 2 }] });
    await outbox.enqueue('order.cod', { list_items: [{ productId: 'p1', quantity: 2 }], totalAmt: 50 });
    await outbox.flush();
    const waiting = await db.outbox.orderBy('key').toArray();
    expect(waiting.map((e) => [e.op, e.attempts])).toEqual([
      ['cart.sync', 1],
      ['order.cod', 0],
    ]);
    server.down = false;
    await outbox.flush();
    expect(server.orders).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('survives a crash between send and acknowledgement: the replay reuses the key, one order exists', async () => {
    const crashing = outboxOn(db, { crashOnSettle: true });
    const key = await crashing.enqueue('order.cod', { list_items: [{ productId: 'p9', quantity: 1 }], totalAmt: 10 });
    await expect(crashing.flush()).rejects.toThrow('tab closed');
    // The settle transaction rolled back: nothing recorded locally, the entry is still queued.
    expect(await db.placed.count()).toBe(0);
    expect(await db.outbox.get(key)).toBeDefined();
    // "Reopen the app": a fresh outbox over the same IndexedDB.
    db.close();
    const reopened = new TestDb(db.name);
    await outboxOn(reopened).flush();
    expect(server.log.filter((l) => l.op === 'order').map((l) => l.key)).toEqual([key, key]);
    expect(server.orders).toHaveLength(1);
    expect(await reopened.placed.toArray()).toEqual([{ key, orderId: 'OD1' }]);
    expect(await reopened.outbox.count()).toBe(0);
    db = reopened;
  });

  it('marks a refused write failed and carries on with the rest', async () => {
    const outbox = outboxOn(db);
    const stale = await outbox.enqueue('order.cod', { list_items: [{ productId: 'p1', quantity: 1 }], totalAmt: 'stale' });
    await outbox.enqueue('cart.sync', { items: [{ productId: 'p3', quantity: 1 }] });
    await outbox.flush();
    expect((await db.outbox.get(stale))?.failed).toBe('Prices have changed.');
    expect([...server.cart]).toEqual([['p3', 1]]);
    await outbox.flush(); // a failed entry is not sent again by itself
    expect(server.log.filter((l) => l.op === 'order')).toHaveLength(1);
  });

  it('runs one flush at a time even when triggers pile up', async () => {
    const outbox = outboxOn(db);
    await outbox.enqueue('order.cod', { list_items: [{ productId: 'p1', quantity: 1 }], totalAmt: 10 });
    await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
    expect(server.log).toHaveLength(1);
  });
});
