import { eq, sql } from 'drizzle-orm';
import { orders } from '../src/orders/orders.table.js';
import { DB_KINDS, api, bearer, newCustomer } from './harness.js';
import { addAddress, addProduct, line, stockOf } from './order-fixtures.js';
import { startStripeShop, type StripeShop } from './stripe-shop.js';

/**
 * A card checkout cut after its order is written and before its session is stored (docs/product.md#rules-and-limits)
 * is finished by its retry: the same Idempotency-Key makes the session, the same one Stripe made if it had, and an
 * order whose session Stripe will not make is released at once. The cut is a failure of the write that stores the
 * session (a CHECK constraint it breaks), on either engine.
 */
describe.each(DB_KINDS)('a card checkout cut before its session is stored, on %s', (kind) => {
  let s: StripeShop;
  beforeAll(async () => {
    s = await startStripeShop(kind);
  });
  afterAll(() => s.close());

  const cutSessionWrites = () => s.t.db.execute(sql.raw(`alter table orders add constraint cut_session_write check (stripe_session_id is null) not valid`));
  const mend = () => s.t.db.execute(sql.raw(`alter table orders drop constraint if exists cut_session_write`));
  const shopper = async () => {
    const c = await newCustomer(s.t, 'Kavya');
    return { ...c, addressId: await addAddress(s.t, c.id) };
  };
  const checkout = (c: { token: string; addressId: string }, product: { _id: string }, key: string) =>
    api(s.t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .set('Idempotency-Key', key)
      .send({ list_items: [line(product, 1)], addressId: c.addressId, totalAmt: 100 });

  it('answers the retry with the session, made once at Stripe', async () => {
    const c = await shopper();
    const p = await addProduct(s.t, s.admin, s.shop, { price: 100, stock: 5 });
    await cutSessionWrites();
    try {
      expect((await checkout(c, p, 'cut-key-000001')).status).toBeGreaterThanOrEqual(500);
    } finally {
      await mend();
    }
    const creates = s.stripe.creates().length;
    const retried = await checkout(c, p, 'cut-key-000001');
    expect(retried.status).toBe(201);
    expect(retried.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const row = (await s.t.db.select().from(orders).where(eq(orders.id, retried.body.data.orderId)))[0]!;
    expect(row.stripeSessionId).toBe(retried.body.id);
    // Stripe was asked again under the order's own key and answered the session it had made: one session for one order.
    const keys = s.stripe.creates().map((call) => call.headers['idempotency-key']);
    expect(keys.filter((k) => k === `checkout-${row.id}`)).toHaveLength(2);
    expect(s.stripe.creates().length).toBe(creates + 1);
    expect(await stockOf(s.t, p._id)).toBe(4);
  });

  it('releases the order at once when the retry finds Stripe will not make the session: units back, account free', async () => {
    const c = await shopper();
    const p = await addProduct(s.t, s.admin, s.shop, { price: 100, stock: 5 });
    await cutSessionWrites();
    try {
      expect((await checkout(c, p, 'cut-key-000002')).status).toBeGreaterThanOrEqual(500);
    } finally {
      await mend();
    }
    expect(await stockOf(s.t, p._id)).toBe(4);
    s.stripe.failNext = true;
    expect((await checkout(c, p, 'cut-key-000002')).status).toBe(502);
    expect(await stockOf(s.t, p._id)).toBe(5);
    // The account may check out again, with a new key.
    const again = await checkout(c, p, 'cut-key-000003');
    expect(again.status).toBe(201);
  });

  it('lets a checkout with a new key release a cut order past the grace, and not within it', async () => {
    const c = await shopper();
    const p = await addProduct(s.t, s.admin, s.shop, { price: 100, stock: 5 });
    await cutSessionWrites();
    try {
      expect((await checkout(c, p, 'cut-key-000004')).status).toBeGreaterThanOrEqual(500);
    } finally {
      await mend();
    }
    const cut = (await s.t.db.select().from(orders).where(eq(orders.userId, c.id)))[0]!;
    expect(cut.stripeSessionId).toBeNull();
    // Within the grace the first checkout may still be storing its session.
    const early = await checkout(c, p, 'cut-key-000005');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CHECKOUT_PENDING');
    expect(early.body.message).toMatch(/still being prepared/);
    expect(await stockOf(s.t, p._id)).toBe(4);
    await s.t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(orders.id, cut.id));
    const later = await checkout(c, p, 'cut-key-000006');
    expect(later.status).toBe(201);
    expect(later.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(later.body.data.orderId).not.toBe(cut.id);
    // The cut order was released as Stripe's refusal releases it (never seen by the shopper, so removed): one order holds one unit.
    expect(await s.t.db.select().from(orders).where(eq(orders.id, cut.id))).toHaveLength(0);
    expect(await stockOf(s.t, p._id)).toBe(4);
  });
});
