import { and, eq } from 'drizzle-orm';
import { orders } from '../src/orders/orders.table.js';
import { stockMovements } from '../src/inventory/inventory.table.js';
import { users } from '../src/users/users.table.js';
import { DB_KINDS, api, bearer, newCustomer, type TestApp } from './harness.js';
import { addAddress, addProduct, line, stockOf, type Shop } from './order-fixtures.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import { postWebhook, signedEvent, startStripeShop, type StripeShop } from './stripe-shop.js';
import { waitFor } from './socket-client.js';
import { waitForEmailLinkToken } from './accounts-fixtures.js';
import { waitForSmsCode } from './sms-fixtures.js';

/**
 * What a shopper could do to the shop's stock and payments with many requests or accounts, and what the
 * shop does instead (docs/product.md#rules-and-limits, #returns; docs/decisions/0213, 0202): one card
 * payment waits per account whatever races, unverified accounts hold little, and a parcel cancelled in
 * transit puts its units back on sale only when it is back.
 */
describe.each(DB_KINDS)('orders against abuse on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: string;
  let shop: Shop;
  let started: StripeShop;

  beforeAll(async () => {
    started = await startStripeShop(kind, { UNVERIFIED_HOLD_LIMIT_UNITS: '10' });
    ({ t, stripe, admin, shop } = started);
  });
  afterAll(() => started?.close());

  async function shopper(verified = false) {
    const c = await newCustomer(t, 'Kavya');
    if (verified) await t.db.update(users).set({ verifyEmail: true }).where(eq(users.id, c.id));
    return { ...c, addressId: await addAddress(t, c.id) };
  }
  type Shopper = Awaited<ReturnType<typeof shopper>>;

  const checkout = (c: Shopper, product: { _id: string }, quantity: number, totalAmt: number) =>
    api(t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .send({ list_items: [line(product, quantity)], addressId: c.addressId, subTotalAmt: totalAmt, totalAmt });
  const cod = (c: Shopper, product: { _id: string }, quantity: number, totalAmt: number, language = 'en-IN') =>
    api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .set('Accept-Language', language)
      .send({ list_items: [line(product, quantity)], address: c.addressId, totalAmt });
  const setStage = (orderId: string, status: string) => api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status });
  const moveReturn = (returnId: string, status: string) => api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId, status });
  const returnOf = async (orderId: string, all = false) =>
    (
      (
        await api(t)
          .get(`/api/order/admin/returns${all ? '?all=true' : ''}`)
          .set(bearer(admin))
      ).body.data as Array<Record<string, unknown>>
    ).find((r) => r.orderId === orderId);
  const returnRows = async (orderId: string) =>
    t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'return')));

  it('lets one card order of an account await its payment under a race: 8 parallel checkouts → 1 order, 1 Stripe session, 7 × 409 CHECKOUT_PENDING', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 50 });
    const sessionsBefore = stripe.creates().length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(c, p, 1, 100)));
    const placed = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'CHECKOUT_PENDING' });
    // The losers that met the index name the waiting order too, once it has committed.
    for (const r of refused.filter((x) => x.body.orderId)) expect(r.body.orderId).toBe(placed[0]!.body.data.orderId);
    const waiting = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, c.id), eq(orders.paymentStatus, 'AWAITING_PAYMENT')));
    expect(waiting).toEqual([{ id: placed[0]!.body.data.orderId }]);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(stripe.creates().length - sessionsBefore).toBe(1);
    expect(await stockOf(t, p._id)).toBe(49); // the losers' statements held nothing
  });

  it('caps what unverified accounts hold: 12 fresh accounts cannot take 600 units (10 each), a verified one still gets 50', async () => {
    const p = await addProduct(t, admin, shop, { price: 10, stock: 600 });
    const fresh = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    const verified = await shopper(true);
    // Each account tries to take 50 in orders of 10 (the per-line limit), all at once: the batch lane meets them together.
    const tries = [...fresh, verified].flatMap((c) => Array.from({ length: 5 }, () => ({ c, answer: cod(c, p, 10, 100) })));
    const answers = await Promise.all(tries.map(async ({ c, answer }) => ({ c, res: await answer })));
    for (const c of fresh) {
      const mine = answers.filter((a) => a.c === c);
      expect(mine.filter((a) => a.res.status === 201)).toHaveLength(1);
      for (const { res } of mine.filter((a) => a.res.status !== 201)) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'HOLD_LIMIT', limit: 10, held: 10, verifyEmail: true, verifiedLimit: 50 });
        expect(res.body.message).toContain('Verify your e-mail on My Profile to hold up to 50');
      }
    }
    expect(answers.filter((a) => a.c === verified).map((a) => a.res.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await stockOf(t, p._id)).toBe(600 - 12 * 10 - 50);

    // The refusal in Hindi names the way out too; the verified account's 51st unit is refused at the shop's cap.
    const hindi = await cod(fresh[0]!, p, 1, 10, 'hi-IN');
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).toContain('मेरी प्रोफ़ाइल पर अपना ई-मेल सत्यापित करें');
    const more = await cod(verified, p, 1, 10);
    expect(more.body).toMatchObject({ code: 'HOLD_LIMIT', limit: 50, held: 50 });
    expect(more.body.verifyEmail).toBeUndefined();

    // The way out: My Profile's link, mailed to the account's own address; opening it lifts the cap at once.
    const asked = await api(t).post('/api/user/verify-email').set(bearer(fresh[1]!.token));
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(`We sent a link to ${fresh[1]!.email}: open it within an hour to verify your e-mail.`);
    const token = await waitForEmailLinkToken(t, fresh[1]!.email, 10_000, /Subject: Verify your Haat e-mail address/);
    expect((await api(t).put('/api/user/confirm-email').send({ token })).status).toBe(200);
    expect((await api(t).get('/api/user/user-details').set(bearer(fresh[1]!.token))).body.data).toMatchObject({ verify_email: true, email: fresh[1]!.email });
    expect((await cod(fresh[1]!, p, 10, 100)).status).toBe(201);
    expect((await api(t).post('/api/user/verify-email').set(bearer(fresh[1]!.token))).body.message).toBe(`Your e-mail ${fresh[1]!.email} is already verified.`);

    // A mobile proved by its code lifts the cap as well (docs/decisions/0280-sign-in-by-mobile-number.md).
    expect((await cod(fresh[2]!, p, 10, 100)).status).toBe(409);
    const mobile = '+919812345670';
    expect((await api(t).post('/api/user/mobile').set(bearer(fresh[2]!.token)).send({ mobile, currentPassword: fresh[2]!.password })).status).toBe(200);
    const code = await waitForSmsCode(t, mobile);
    expect((await api(t).post('/api/user/mobile/verify').set(bearer(fresh[2]!.token)).send({ mobile, otp: code })).status).toBe(200);
    expect((await cod(fresh[2]!, p, 10, 100)).status).toBe(201);
  });

  it('puts the units of an order cancelled after shipping back on sale only when the parcel is received back, once', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const placed = await cod(c, p, 2, 200);
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect((await setStage(orderId, 'SHIPPED')).status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(3);

    // The shopper may still cancel in transit; the units are in the van, not on the shelf.
    const cancelled = await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(3);
    const rto = await returnOf(orderId);
    expect(rto).toMatchObject({ kind: 'RETURN_TO_ORIGIN', status: 'APPROVED', amount: 0, paymentMethod: 'COD' });
    expect(rto!.items).toEqual([expect.objectContaining({ productId: p._id, quantity: 2, amount: 0 })]);

    // The admin records the parcel received: the units are back, exactly once.
    expect((await moveReturn(rto!._id as string, 'RECEIVED')).status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(5);
    expect((await moveReturn(rto!._id as string, 'RECEIVED')).body).toMatchObject({ code: 'RETURN_STATE' });
    expect(await stockOf(t, p._id)).toBe(5);
    expect(await returnRows(orderId)).toHaveLength(1);
    // Nothing was paid for a cash order: nothing to refund, and it has left the open list.
    expect((await moveReturn(rto!._id as string, 'REFUNDED')).body).toMatchObject({ code: 'RETURN_STATE' });
    expect(await returnOf(orderId)).toBeUndefined();
    expect(await returnOf(orderId, true)).toMatchObject({ status: 'RECEIVED' });
  });

  it('refunds a paid card order cancelled after shipping when the parcel is back, not at the cancel', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 250, stock: 4 });
    const res = await checkout(c, p, 2, 500);
    expect(res.status).toBe(201);
    const orderId = res.body.data.orderId as string;
    const paid = signedEvent('checkout.session.completed', {
      id: res.body.id,
      metadata: { orderId },
      payment_status: 'paid',
      amount_total: 50000,
      payment_intent: `pi_${orderId}`,
    });
    expect((await postWebhook(t, paid)).status).toBe(200);
    expect((await setStage(orderId, 'SHIPPED')).status).toBe(200);
    expect((await setStage(orderId, 'OUT_FOR_DELIVERY')).status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(2);

    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId })).status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(2);
    const rto = await returnOf(orderId);
    expect(rto).toMatchObject({ kind: 'RETURN_TO_ORIGIN', status: 'APPROVED', amount: 500, paymentMethod: 'CARD' });
    // No credit note at the cancel: the sale is reversed when the money goes back.
    expect((await api(t).get(`/api/order/${orderId}/credit-note`).set(bearer(c.token)).set('Accept', 'application/json')).status).toBe(404);

    expect((await moveReturn(rto!._id as string, 'RECEIVED')).status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(4);
    expect((await moveReturn(rto!._id as string, 'REFUNDED')).status).toBe(200);
    // The return's refund is asked after the cancel's would have been (events go in order): one refund, the return's.
    await waitFor(stripe.calls, (call) => call.path === '/v1/refunds' && call.form['metadata[returnId]'] === rto!._id);
    const refunds = stripe.refunds().filter((call) => call.form['metadata[orderId]'] === orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form).toMatchObject({ amount: '50000', payment_intent: `pi_${orderId}` });
    expect((await api(t).get(`/api/order/${orderId}/credit-note`).set(bearer(c.token)).set('Accept', 'application/json')).status).toBe(200);
    expect(await returnRows(orderId)).toHaveLength(1);
    expect(await stockOf(t, p._id)).toBe(4);
  });
});
