import { eq, inArray } from 'drizzle-orm';
import { deliveryDateAfter } from '@haat/shared/addresses/delivery-zones';
import { orders } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, openShop, stockOf, type Shop } from './order-fixtures.js';
import { ledgerOf, openStore, poolOf, setStoreOpen, stockStore } from './store-fixtures.js';

/**
 * Orders from a store's shelves (docs/product.md#delivery, docs/architecture.md#placing-an-order-is-one-statement):
 * an express order takes its units from the store's pools in the one order statement, exact under a crowd; a
 * store that can no longer keep the promise shown is a 409 PROMISE_CHANGED with nothing written; cancelling
 * gives the units back to the pool they came from.
 */
describe.each(DB_KINDS)('express orders on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  async function shopper(pincode: string, name = 'Express shopper') {
    const c = await newCustomer(t, name);
    return { ...c, addressId: await addAddress(t, c.id, { pincode, city: 'Bengaluru', state: 'Karnataka' }) };
  }

  const order = (c: { token: string; addressId: string }, items: Array<{ productId: string; quantity: number }>, total: number, promise?: unknown) =>
    api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: items, totalAmt: total, address: c.addressId, ...(promise ? { promise } : {}) });

  it('an express order takes its units from the store’s pool, writes the ledger on it, and says who sends it and when it is due', async () => {
    const p = await addProduct(t, admin, shop, { price: 25, stock: 40 });
    const store = await openStore(t, { pincode: '560034', serves: ['560034', '560047'], minutes: 15 });
    const pool = await stockStore(t, store.id, p._id, 4);
    const c = await shopper('560047');
    const shown = { kind: 'express', minutes: 15, store: { _id: store.id, name: store.name } };

    const res = await order(c, [{ productId: p._id, quantity: 3 }], 75, shown);
    expect(res.status).toBe(201);
    const placed = res.body.data;
    expect(placed).toMatchObject({ fulfilment: 'store', store: { _id: store.id, name: store.name }, promise: shown });
    expect(Date.parse(placed.dueAt) - Date.parse(placed.createdAt)).toBe(15 * 60_000);
    // The store's shelf holds them; the warehouse's stock is untouched.
    expect(await poolOf(t, pool)).toEqual({ onHand: 4, reserved: 3, available: 1 });
    expect(await stockOf(t, p._id)).toBe(40);
    expect(await ledgerOf(t, placed._id)).toEqual([{ levelId: pool, reason: 'order', onHand: 0, reserved: 3 }]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row).toMatchObject({ fulfilment: 'store', storeId: store.id, promise: shown });

    // The shelf counted below what the open order holds: refused, naming what is held; the pool unchanged.
    const counted = await api(t).put('/api/store/stock').set(bearer(admin)).send({ storeId: store.id, productId: p._id, stock: 2, expectedStock: 4 });
    expect(counted.status).toBe(409);
    expect(counted.body).toMatchObject({ code: 'STOCK_RESERVED' });
    expect(await poolOf(t, pool)).toEqual({ onHand: 4, reserved: 3, available: 1 });

    // Cancelled: the units go back to the store's pool they came from, not to the warehouse.
    const cancelled = await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: placed._id });
    expect(cancelled.status).toBe(200);
    expect(await poolOf(t, pool)).toEqual({ onHand: 4, reserved: 0, available: 4 });
    expect(await stockOf(t, p._id)).toBe(40);
    expect((await ledgerOf(t, placed._id)).map((m) => [m.levelId, m.reason, m.reserved]).sort()).toEqual(
      [
        [pool, 'cancel', -3],
        [pool, 'order', 3],
      ].sort(),
    );

    // Delivered: the units leave the store's shelf.
    const again = await order(c, [{ productId: p._id, quantity: 2 }], 50, shown);
    expect(again.status).toBe(201);
    const delivered = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: again.body.data._id, status: 'DELIVERED' });
    expect(delivered.status).toBe(200);
    expect(await poolOf(t, pool)).toEqual({ onHand: 2, reserved: 0, available: 2 });
    expect(await stockOf(t, p._id)).toBe(40);
  });

  it('a cart the store cannot fill is a courier order from the warehouse, under the courier’s promise', async () => {
    const a = await addProduct(t, admin, shop, { price: 10, stock: 20 });
    const b = await addProduct(t, admin, shop, { price: 30, stock: 20 });
    const store = await openStore(t, { pincode: '560030', serves: ['560030'] });
    const poolA = await stockStore(t, store.id, a._id, 5);
    // b is not on the store's shelves.
    const c = await shopper('560030');
    const courier = { kind: 'courier', date: deliveryDateAfter(1, new Date()) };
    const res = await order(
      c,
      [
        { productId: a._id, quantity: 1 },
        { productId: b._id, quantity: 1 },
      ],
      40,
      courier,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ fulfilment: 'warehouse', store: null, promise: courier, expectedDeliveryBy: courier.date });
    expect(res.body.data.dueAt).toBeUndefined();
    expect(await poolOf(t, poolA)).toMatchObject({ reserved: 0, available: 5 });
    expect(await stockOf(t, a._id)).toBe(19);
    expect(await stockOf(t, b._id)).toBe(19);
  });

  it('PROMISE_CHANGED with nothing written when the store can no longer keep the express promise shown; a closed store takes no order', async () => {
    const p = await addProduct(t, admin, shop, { price: 10, stock: 20 });
    const store = await openStore(t, { pincode: '560029', serves: ['560029'] });
    const pool = await stockStore(t, store.id, p._id, 1);
    const c = await shopper('560029');
    const shown = { kind: 'express', minutes: 10, store: { _id: store.id, name: store.name } };

    const tooMany = await order(c, [{ productId: p._id, quantity: 2 }], 20, shown);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'PROMISE_CHANGED', promise: { kind: 'courier', date: deliveryDateAfter(1, new Date()) } });
    await setStoreOpen(t, store.id, false);
    const closed = await order(c, [{ productId: p._id, quantity: 1 }], 10, shown);
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('PROMISE_CHANGED');
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, c.id))).toEqual([]);
    expect(await poolOf(t, pool)).toEqual({ onHand: 1, reserved: 0, available: 1 });
    expect(await stockOf(t, p._id)).toBe(20);
    // Without a promise shown, a closed store's pincode gets the courier.
    const plain = await order(c, [{ productId: p._id, quantity: 1 }], 10);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ fulfilment: 'warehouse', promise: { kind: 'courier' } });
  });

  it('a crowd of express orders on a store pool of N units sells exactly N, and the rest are told the new promise', async () => {
    const N = 7;
    const p = await addProduct(t, admin, shop, { price: 10, stock: 500 });
    const store = await openStore(t, { pincode: '560075', serves: ['560075'] });
    const pool = await stockStore(t, store.id, p._id, N);
    const crowd = await Promise.all(Array.from({ length: 24 }, (_, i) => shopper('560075', `Crowd ${i}`)));
    const shown = { kind: 'express', minutes: 10, store: { _id: store.id, name: store.name } };
    const answers = await Promise.all(crowd.map((c) => order(c, [{ productId: p._id, quantity: 1 }], 10, shown)));
    const placed = answers.filter((r) => r.status === 201);
    expect(placed).toHaveLength(N);
    for (const r of answers.filter((a) => a.status !== 201)) expect([r.status, r.body.code, r.body.promise?.kind]).toEqual([409, 'PROMISE_CHANGED', 'courier']);
    expect(await poolOf(t, pool)).toEqual({ onHand: N, reserved: N, available: 0 });
    expect(await stockOf(t, p._id)).toBe(500);
    const rows = await t.db
      .select({ storeId: orders.storeId })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          crowd.map((c) => c.id),
        ),
      );
    expect(rows).toEqual(Array(N).fill({ storeId: store.id }));
  });

  it('the store’s queue: open express orders oldest first with packing lists, timed against the promise; Packed → Out for delivery → Delivered; promises kept', async () => {
    const p = await addProduct(t, admin, shop, { price: 10, stock: 20, name: `Queue chips ${Date.now().toString(36)}` });
    const store = await openStore(t, { pincode: '560071', serves: ['560071'], minutes: 10 });
    await stockStore(t, store.id, p._id, 10);
    const c = await shopper('560071', 'Queue shopper');
    const shown = { kind: 'express', minutes: 10, store: { _id: store.id, name: store.name } };
    const first = (await order(c, [{ productId: p._id, quantity: 2 }], 20, shown)).body.data;
    const second = (await order(c, [{ productId: p._id, quantity: 1 }], 10, shown)).body.data;
    // The first was placed half an hour ago: its ten minutes are long gone.
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(orders.id, first._id));

    const queue = () => api(t).get('/api/store/queue').query({ storeId: store.id }).set(bearer(admin));
    const res = await queue();
    expect(res.status).toBe(200);
    const listed = res.body.data.orders;
    expect(listed.map((o: { _id: string }) => o._id)).toEqual([first._id, second._id]);
    expect(listed[0]).toMatchObject({ status: 'PLACED', late: true, lines: [{ name: p.name, variantName: null, quantity: 2 }] });
    expect(listed[0].minutesLeft).toBeLessThanOrEqual(-20);
    expect(listed[0].address).toMatchObject({ pincode: '560071' });
    expect(listed[1]).toMatchObject({ late: false, lines: [{ quantity: 1 }] });
    expect(listed[1].minutesLeft).toBeGreaterThanOrEqual(8);

    // Shoppers and strangers do not see a store's queue; an unknown store is a 404, a missing id a 400.
    expect((await api(t).get('/api/store/queue').query({ storeId: store.id }).set(bearer(c.token))).status).toBe(403);
    expect((await api(t).get('/api/store/queue').query({ storeId: store.id })).status).toBe(401);
    expect((await api(t).get('/api/store/queue').query({ storeId: 'NoSuchStore1' }).set(bearer(admin))).status).toBe(404);
    expect((await api(t).get('/api/store/queue').set(bearer(admin))).body).toMatchObject({ code: 'VALIDATION', fields: ['storeId'] });

    const move = (orderId: string, status: string) => api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status });
    expect((await move(second._id, 'PACKED')).status).toBe(200);
    const overview = await api(t).get('/api/order/admin/overview').set(bearer(admin));
    expect(overview.body.data.waiting.PACKED).toBeGreaterThanOrEqual(1);
    expect((await move(second._id, 'OUT_FOR_DELIVERY')).status).toBe(200);
    expect((await move(second._id, 'DELIVERED')).status).toBe(200);
    expect((await move(first._id, 'PACKED')).status).toBe(200);
    expect((await move(first._id, 'DELIVERED')).status).toBe(200);
    // Packed is before Out for delivery: no going back.
    expect((await move(second._id, 'PACKED')).status).toBe(409);
    expect((await queue()).body.data.orders).toEqual([]);

    const kept = (await api(t).get('/api/order/admin/overview').set(bearer(admin))).body.data.promisesKept;
    expect(kept.find((k: { store: { _id: string } }) => k.store._id === store.id)).toEqual({
      store: { _id: store.id, name: store.name },
      delivered: 2,
      kept: 1,
    });
  });
});
