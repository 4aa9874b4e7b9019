import { eq, like } from 'drizzle-orm';
import type { Order } from '@haat/shared/orders/order.types';
import { JobsService } from '../src/jobs/index.js';
import { jobs } from '../src/jobs/jobs.table.js';
import { orders } from '../src/orders/orders.table.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer } from './harness.js';
import { addAddress, addProduct, line } from './order-fixtures.js';
import { openStore, pickupClockRuns, poolOf, setStoreOpen, stockStore } from './store-fixtures.js';
import { startStripeShop, type StripeShop } from './stripe-shop.js';

/**
 * Store pickup (docs/product.md#store-pickup), through the real routes: the checkout's stores, a pickup order placed
 * with no address, made ready by its store's queue, its code shown to its shopper alone, handed over only against
 * that code (5 wrong ones lock it for the day and tell the admins), invoiced in the store's state, and cancelled by
 * the clock when it is not collected within 3 days, its units back on the store's shelf.
 */
describe.each(PORTABLE_DB_KINDS)('store pickup on %s', (kind) => {
  let s: StripeShop;
  let product: { _id: string; name: string };
  let other: { _id: string; name: string };
  let store: { id: string; name: string };
  let pool: string;

  beforeAll(async () => {
    s = await startStripeShop(kind);
    product = await addProduct(s.t, s.admin, s.shop, { price: 200, stock: 50 });
    other = await addProduct(s.t, s.admin, s.shop, { price: 50, stock: 50 });
    store = await openStore(s.t, { pincode: '560034', serves: [] });
    pool = await stockStore(s.t, store.id, product._id, 20);
  });
  afterAll(() => s?.close());

  /** A shopper whose only saved address is in another state than the store's. */
  async function shopper(name = 'Pickup shopper') {
    const c = await newCustomer(s.t, name);
    await addAddress(s.t, c.id, { pincode: '400001', city: 'Mumbai', state: 'Maharashtra' });
    return c;
  }

  const placePickup = (token: string, storeId: string, quantity = 1, extra: Record<string, unknown> = {}) =>
    api(s.t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(token))
      .send({ list_items: [line(product, quantity)], totalAmt: 200 * quantity, pickup: { storeId }, ...extra });

  const listed = async (token: string, orderId: string): Promise<Order> => {
    const res = await api(s.t).get('/api/order/order-list').set(bearer(token));
    return (res.body.data as Order[]).find((o) => o._id === orderId)!;
  };
  const queueMove = (orderId: string, status: string, storeId = store.id) =>
    api(s.t).post('/api/store/queue/move').set(bearer(s.admin)).send({ storeId, orderId, status });
  const handOver = (orderId: string, code: string, token = s.admin, storeId?: string) =>
    api(s.t)
      .post('/api/store/queue/hand-over')
      .set(bearer(token))
      .send({ orderId, code, ...(storeId ? { storeId } : {}) });
  const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it('offers the open stores that hold the whole cart, and places a pickup order there with no address and no promise', async () => {
    const closed = await openStore(s.t, { pincode: '560047', serves: [] });
    await stockStore(s.t, closed.id, product._id, 20);
    await setStoreOpen(s.t, closed.id, false);
    const c = await shopper();

    const offered = await api(s.t)
      .post('/api/order/pickup-stores')
      .set(bearer(c.token))
      .send({ list_items: [line(product, 2)] });
    expect(offered.status).toBe(200);
    const ids = (offered.body.data.stores as Array<{ _id: string }>).map((x) => x._id);
    expect(ids).toContain(store.id);
    expect(ids).not.toContain(closed.id);
    expect(offered.body.data.stores.find((x: { _id: string }) => x._id === store.id)).toMatchObject({
      name: store.name,
      address: '12, 80 Feet Road, Koramangala',
      state: 'Karnataka',
      opensAt: '09:00',
      closesAt: '21:00',
    });
    // A cart with a product the store does not stock, or more than it holds, is picked up nowhere.
    const lacking = await api(s.t)
      .post('/api/order/pickup-stores')
      .set(bearer(c.token))
      .send({ list_items: [line(product, 1), line(other, 1)] });
    expect(lacking.body.data.stores.map((x: { _id: string }) => x._id)).not.toContain(store.id);
    const tooMany = await api(s.t)
      .post('/api/order/pickup-stores')
      .set(bearer(c.token))
      .send({ list_items: [line(product, 21)] });
    expect(tooMany.body.data.stores.map((x: { _id: string }) => x._id)).not.toContain(store.id);

    const before = await poolOf(s.t, pool);
    const res = await placePickup(c.token, store.id, 2);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      fulfilment: 'pickup',
      promise: null,
      expectedDeliveryBy: null,
      payment_status: 'CASH ON DELIVERY',
      pickup: { storeId: store.id, store: { _id: store.id, name: store.name, opensAt: '09:00', closesAt: '21:00' } },
    });
    expect(res.body.data.pickup.code).toBeUndefined();
    // Its units are held on the store's shelf, not the warehouse's.
    expect(await poolOf(s.t, pool)).toEqual({ onHand: before.onHand, reserved: before.reserved + 2, available: before.available - 2 });

    // Refused before anything is held: a closed store, an unknown one, an address beside the store, no store nor address.
    expect((await placePickup(c.token, closed.id)).body).toMatchObject({ code: 'PICKUP_STORE_UNAVAILABLE' });
    expect((await placePickup(c.token, 'nosuchstore0000000000000')).status).toBe(404);
    const both = await placePickup(c.token, store.id, 1, { address: 'nosuchaddress' });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('pickup');
  });

  it('is made ready by its store, its code shown to its shopper alone; never shipped, and handed over only against the code', async () => {
    const c = await shopper();
    const placed = (await placePickup(c.token, store.id)).body.data as Order;

    // Never shipped nor sent out: a 409 naming its kind and its moves.
    const shipped = await api(s.t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: placed._id, status: 'SHIPPED' });
    expect(shipped.status).toBe(409);
    expect(shipped.body).toMatchObject({ code: 'STAGE_NOT_ALLOWED', kind: 'pickup', moves: ['PACKED', 'READY_FOR_PICKUP', 'CANCELLED'] });
    expect(shipped.body.message).toContain('an order picked up at a store, which never moves to SHIPPED');
    expect((await queueMove(placed._id, 'OUT_FOR_DELIVERY')).body).toMatchObject({ kind: 'pickup', moves: ['PACKED', 'READY_FOR_PICKUP'] });
    // Not ready yet: nothing to hand over, and no code compared.
    expect((await handOver(placed._id, '0000')).status).toBe(409);

    const queue = await api(s.t).get(`/api/store/queue?storeId=${store.id}`).set(bearer(s.admin));
    expect(queue.body.data.orders.find((o: { _id: string }) => o._id === placed._id)).toMatchObject({ fulfilment: 'pickup', status: 'PLACED' });
    expect((await queueMove(placed._id, 'PACKED')).status).toBe(200);
    const ready = await queueMove(placed._id, 'READY_FOR_PICKUP');
    expect(ready.status).toBe(200);

    // The code: to its shopper, four digits, with when to collect it by; to no one else.
    const mine = await listed(c.token, placed._id);
    expect(mine.status).toBe('READY_FOR_PICKUP');
    expect(mine.pickup?.code).toMatch(/^\d{4}$/);
    const code = mine.pickup!.code!;
    expect(Date.parse(mine.pickup!.collectBy!) - Date.parse(mine.statusHistory.at(-1)!.updatedAt)).toBe(3 * 86_400_000);
    expect(ready.body.data.pickup.code).toBeUndefined();
    const adminList = await api(s.t).get('/api/order/admin/orders?limit=100').set(bearer(s.admin));
    expect(JSON.stringify(adminList.body)).toContain(placed._id);
    expect((adminList.body.data as Order[]).find((o) => o._id === placed._id)?.pickup?.code).toBeUndefined();
    const queued = await api(s.t).get(`/api/store/queue?storeId=${store.id}`).set(bearer(s.admin));
    expect(JSON.stringify(queued.body.data.orders.find((o: { _id: string }) => o._id === placed._id))).not.toContain(`"${code}"`);
    const stranger = await shopper('Stranger');
    expect((await api(s.t).get('/api/order/order-list').set(bearer(stranger.token))).body.data).toEqual([]);
    // The database keeps no code: a salt, from which the code cannot be had without the API's key.
    const [row] = await s.t.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row!.pickupCodeSalt).toMatch(/^[\w-]{16,}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    // The ready notice tells the shopper where to find the code, and does not carry it.
    const notices = await s.t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `%order:${placed._id}:PACKED>READY_FOR_PICKUP%`));
    expect(notices.length).toBeGreaterThan(0);
    expect(JSON.stringify(notices)).toContain('Ready for pickup');
    expect(JSON.stringify(notices)).not.toContain(code);

    // Delivered only through the hand-over; the shopper and another store cannot hand it over.
    const direct = await api(s.t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: placed._id, status: 'DELIVERED' });
    expect(direct.body).toMatchObject({ code: 'PICKUP_CODE_NEEDED' });
    expect((await handOver(placed._id, code, c.token)).status).toBe(403);
    const otherStore = await openStore(s.t, { pincode: '560001', serves: [] });
    expect((await handOver(placed._id, code, s.admin, otherStore.id)).status).toBe(404);
    expect((await handOver(placed._id, '12a4')).status).toBe(400);

    const before = await poolOf(s.t, pool);
    const handed = await handOver(placed._id, code, s.admin, store.id);
    expect(handed.status).toBe(200);
    expect(handed.body.data).toMatchObject({ status: 'DELIVERED', payment_status: 'COMPLETED' });
    expect(await poolOf(s.t, pool)).toEqual({ onHand: before.onHand - 1, reserved: before.reserved - 1, available: before.available });
    expect((await listed(c.token, placed._id)).pickup?.code).toBeUndefined();
    expect((await handOver(placed._id, code)).status).toBe(409);

    // Invoiced when handed over, the store's state its place of supply (the shopper's saved address is in Maharashtra).
    const invoice = await api(s.t).get(`/api/order/${placed._id}/invoice`).set(bearer(c.token)).set('accept', 'application/json');
    expect(invoice.status).toBe(200);
    expect(invoice.body.data).toMatchObject({ placeOfSupply: 'Karnataka', buyer: { name: 'Pickup shopper', state: 'Karnataka' } });
  });

  it('locks the hand-over for the day after 5 wrong codes and tells the admins; the right code waits for the next day', async () => {
    const c = await shopper();
    const placed = (await placePickup(c.token, store.id)).body.data as Order;
    expect((await queueMove(placed._id, 'READY_FOR_PICKUP')).status).toBe(200);
    const code = (await listed(c.token, placed._id)).pickup!.code!;

    for (let left = 4; left >= 1; left--) {
      const wrong = await handOver(placed._id, wrongCode(code));
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ code: 'PICKUP_CODE_WRONG', attemptsLeft: left });
    }
    const hindi = await api(s.t)
      .post('/api/store/queue/hand-over')
      .set(bearer(s.admin))
      .set('accept-language', 'hi-IN')
      .send({ orderId: placed._id, code: wrongCode(code) });
    expect(hindi.status).toBe(429);
    expect(hindi.body).toMatchObject({ code: 'PICKUP_LOCKED' });
    expect(hindi.body.message).toContain('कल तक बंद');
    // Locked: even the right code is refused today, and nothing moved.
    expect((await handOver(placed._id, code)).status).toBe(429);
    expect((await listed(c.token, placed._id)).pickup).toMatchObject({ code, lockedUntil: hindi.body.lockedUntil });
    const told = await s.t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `push:pickup-locked:${placed._id}:%`));
    expect(told).toHaveLength(1);
    // The lock ends at the shop's next midnight (IST).
    const until = new Date(hindi.body.lockedUntil as string);
    expect((until.getTime() + 330 * 60_000) % 86_400_000).toBe(0);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    // The next day the counter may try again: the right code hands it over.
    await s.t.db
      .update(orders)
      .set({ pickupLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed._id));
    expect((await handOver(placed._id, code)).status).toBe(200);
  });

  it('is cancelled by its clock, a job of the queue, when not collected within 3 days, its units back on the shelf; a card pickup too', async () => {
    const DAY = 86_400_000;
    const c = await shopper();
    const placed = (await placePickup(c.token, store.id, 3)).body.data as Order;
    expect((await queueMove(placed._id, 'READY_FOR_PICKUP')).status).toBe(200);
    const held = await poolOf(s.t, pool);
    // The move to ready queued the order's clock: one job, due when its 3 days end.
    const readyAt = Date.parse((await listed(c.token, placed._id)).statusHistory.at(-1)!.updatedAt);
    const [clock] = await s.t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `pickup-expiry:${placed._id}:%`));
    expect(clock).toMatchObject({ kind: 'pickup-expiry', state: 'queued', payload: { orderId: placed._id } });
    expect(clock!.dueAt.getTime()).toBe(readyAt + 3 * DAY);

    // Due a minute early (a clock ahead of the order's days): the order is kept, and the job tried again later.
    const early = await pickupClockRuns(s.t, placed._id, 3 * DAY - 60_000);
    expect(early).toMatchObject([{ state: 'queued', attempts: 1 }]);
    expect(early[0]!.lastError).toContain('kept for its shopper until');
    expect((await listed(c.token, placed._id)).status).toBe('READY_FOR_PICKUP');
    const late = await pickupClockRuns(s.t, placed._id, 3 * DAY + 1000);
    expect(late).toMatchObject([{ state: 'done', attempts: 2, progress: { cancelled: true } }]);
    const after = await listed(c.token, placed._id);
    expect(after).toMatchObject({ status: 'CANCELLED', payment_status: 'CANCELLED' });
    expect(after.statusHistory.at(-1)).toMatchObject({ status: 'CANCELLED' });
    expect(after.pickup?.code).toBeUndefined();
    expect(await poolOf(s.t, pool)).toEqual({ onHand: held.onHand, reserved: held.reserved - 3, available: held.available + 3 });
    // The clock is queued once: the same job again is no new job.
    expect(await s.t.app.get(JobsService).enqueue(null, { kind: 'pickup-expiry', key: clock!.key, payload: clock!.payload })).toBe(0);

    // An order collected in time: its clock, when due, finds nothing to do.
    const collected = (await placePickup(c.token, store.id)).body.data as Order;
    expect((await queueMove(collected._id, 'READY_FOR_PICKUP')).status).toBe(200);
    expect((await handOver(collected._id, (await listed(c.token, collected._id)).pickup!.code!)).status).toBe(200);
    expect(await pickupClockRuns(s.t, collected._id, 4 * DAY)).toMatchObject([{ state: 'done', progress: { cancelled: false } }]);
    expect((await listed(c.token, collected._id)).status).toBe('DELIVERED');

    // Paid online and picked up: the card checkout takes the store instead of an address.
    const card = await api(s.t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .send({ list_items: [line(product, 1)], totalAmt: 200, subTotalAmt: 200, pickup: { storeId: store.id } });
    expect(card.status).toBe(201);
    const awaiting = await listed(c.token, card.body.data.orderId as string);
    expect(awaiting).toMatchObject({ fulfilment: 'pickup', payment_status: 'AWAITING_PAYMENT', pickup: { storeId: store.id } });
  });
});
