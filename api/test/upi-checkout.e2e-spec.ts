import { eq } from 'drizzle-orm';
import { orders } from '../src/orders/orders.table.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer } from './harness.js';
import { addAddress, addProduct, line } from './order-fixtures.js';
import { postWebhook, signedEvent, startStripeShop, type StripeShop } from './stripe-shop.js';

/** UPI on the hosted checkout (docs/decisions/0051-card-payments-and-refunds.md), against the Stripe stand-in. */
describe.each(PORTABLE_DB_KINDS)('UPI at checkout on %s', (kind) => {
  let s: StripeShop;
  beforeAll(async () => {
    s = await startStripeShop(kind, { STRIPE_PAYMENT_METHODS: 'card, upi' });
  });
  afterAll(() => s?.close());

  async function cardOrder() {
    const c = await newCustomer(s.t, 'Kavya');
    const addressId = await addAddress(s.t, c.id);
    const p = await addProduct(s.t, s.admin, s.shop, { price: 100, stock: 5 });
    const res = await api(s.t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], addressId, subTotalAmt: 100, totalAmt: 100 });
    expect(res.status).toBe(201);
    return { sessionId: res.body.id as string, orderId: res.body.data.orderId as string, token: c.token };
  }
  const orderRow = async (id: string) => (await s.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const listed = async (o: { orderId: string; token: string }) =>
    ((await api(s.t).get('/api/order/order-list').set(bearer(o.token))).body.data as Array<Record<string, unknown>>).find((x) => x.orderId === o.orderId);
  const session = (o: { sessionId: string; orderId: string }, payment_status: string) => ({
    id: o.sessionId,
    metadata: { orderId: o.orderId },
    payment_status,
    amount_total: 10000,
    payment_intent: `pi_${o.orderId}`,
  });

  it('names UPI to the PWA and asks Stripe for a session offering card and UPI', async () => {
    expect((await api(s.t).get('/api/config/public')).body.data).toMatchObject({ paymentsEnabled: true, upi: true });
    const o = await cardOrder();
    const create = s.stripe.creates().find((c) => c.form.client_reference_id === o.orderId);
    expect(create?.form).toMatchObject({ 'payment_method_types[0]': 'card', 'payment_method_types[1]': 'upi' });
  });

  it('waits on a session completed unpaid, then places the order when the UPI payment succeeds, or cancels it when it fails', async () => {
    const paid = await cardOrder();
    expect((await listed(paid))?.payment_processing).toBeUndefined();
    expect((await postWebhook(s.t, signedEvent('checkout.session.completed', session(paid, 'unpaid')))).status).toBe(200);
    expect(await orderRow(paid.orderId)).toMatchObject({ paymentStatus: 'AWAITING_PAYMENT', status: null });
    // The shopper's order says to wait for the UPI app meanwhile.
    expect(await listed(paid)).toMatchObject({ payment_status: 'AWAITING_PAYMENT', payment_processing: true });
    expect((await postWebhook(s.t, signedEvent('checkout.session.async_payment_succeeded', session(paid, 'paid')))).status).toBe(200);
    expect(await orderRow(paid.orderId)).toMatchObject({ paymentStatus: 'PAID', status: 'PLACED' });
    expect((await listed(paid))?.payment_processing).toBeUndefined();

    const failed = await cardOrder();
    expect((await postWebhook(s.t, signedEvent('checkout.session.completed', session(failed, 'unpaid')))).status).toBe(200);
    expect((await postWebhook(s.t, signedEvent('checkout.session.async_payment_failed', session(failed, 'unpaid')))).status).toBe(200);
    expect(await orderRow(failed.orderId)).toMatchObject({ status: 'CANCELLED' });
  });
});
