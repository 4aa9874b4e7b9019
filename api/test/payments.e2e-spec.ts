import { eq } from 'drizzle-orm';
import { creditNotesOf, invoiceOf } from '../src/invoices/invoices.js';
import { orders } from '../src/orders/orders.table.js';
import { stripeEvents } from '../src/payments/stripe-events.table.js';
import { DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, cartOf, line, putInCart, stockOf, type Shop } from './order-fixtures.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import { STRIPE_SECRET_KEY, postWebhook, signedEvent, startStripeShop, type SignedEvent, type StripeShop } from './stripe-shop.js';
import { baseUrl, collect, connectSocket, waitFor } from './socket-client.js';
import { waitUntil } from './wait-until.js';

describe.each(DB_KINDS)('card payments on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: string;
  let shop: Shop;

  let started: StripeShop;

  beforeAll(async () => {
    started = await startStripeShop(kind);
    ({ t, stripe, admin, shop } = started);
  });
  afterAll(() => started?.close());

  async function shopper() {
    const c = await newCustomer(t, 'Kavya');
    return { ...c, addressId: await addAddress(t, c.id) };
  }

  const checkout = (c: { token: string; addressId: string }, product: { _id: string }, quantity: number, totalAmt: number, key?: string) => {
    const req = api(t).post('/api/order/checkout').set(bearer(c.token));
    if (key) req.set('Idempotency-Key', key);
    return req.send({ list_items: [line(product, quantity)], addressId: c.addressId, subTotalAmt: totalAmt, totalAmt });
  };

  const webhook = (e: SignedEvent) => postWebhook(t, e);

  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

  const refundsOf = (orderId: string) => stripe.refunds().filter((c) => c.form['metadata[orderId]'] === orderId);
  const refunded = (orderId: string) =>
    waitUntil(() => orderRow(orderId), { until: (row) => Boolean(row?.stripeRefundId), timeoutMs: 10_000, message: `order ${orderId}'s refund id stored` });
  /** Stripe's "completed" for a session paid in full by card, with the payment a refund would give back. */
  const completed = (sessionId: string, orderId: string, amountTotal: number, paymentIntent = `pi_${orderId}`) =>
    signedEvent('checkout.session.completed', {
      id: sessionId,
      metadata: { orderId },
      payment_status: 'paid',
      amount_total: amountTotal,
      payment_intent: paymentIntent,
    });
  const paidOrder = async (c: Awaited<ReturnType<typeof shopper>>) => {
    const p = await addProduct(t, admin, shop, { price: 250, stock: 4 });
    const res = await checkout(c, p, 2, 500);
    const orderId = res.body.data.orderId as string;
    expect((await webhook(completed(res.body.id, orderId, 50000))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'PAID', stripePaymentIntent: `pi_${orderId}`, stripeRefundId: null });
    return { orderId, product: p };
  };
  /**
   * The barrier for "no refund was asked for" (docs/testing.md): a paid order
   * cancelled now is refunded through the same path (order events, then the refunder, then Stripe), after
   * whatever the changes before it asked for; once its refund has reached the stand-in, theirs would have.
   */
  const refundBarrier = async (c: Awaited<ReturnType<typeof shopper>>) => {
    const { orderId } = await paidOrder(c);
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId })).status).toBe(200);
    await waitFor(stripe.calls, (call) => call.path === '/v1/refunds' && call.form['metadata[orderId]'] === orderId);
  };

  it('creates a hosted Checkout Session in INR from the server prices and holds the stock while payment is awaited', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, discount: 10, stock: 5 });
    await putInCart(t, c.id, p._id, 2);
    const before = stripe.creates().length;

    const res = await checkout(c, p, 2, 180);
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^cs_test_/);
    expect(res.body.url).toBe(`https://checkout.stripe.test/c/pay/${res.body.id}`);
    expect(res.body.data).toMatchObject({ id: res.body.id, orderId: expect.stringMatching(/^HT/) });
    const orderId = res.body.data.orderId as string;

    const calls = stripe.creates();
    expect(calls).toHaveLength(before + 1);
    const call = calls.at(-1) as (typeof calls)[number];
    expect(call.headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(call.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    expect(call.form).toMatchObject({
      mode: 'payment',
      currency: 'inr',
      customer_email: c.email,
      client_reference_id: orderId,
      'metadata[orderId]': orderId,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'inr',
      'line_items[0][price_data][unit_amount]': '9000',
      'line_items[0][price_data][product_data][name]': p.name,
      // Only public https images go to Stripe; the relative upload path is made absolute with PUBLIC_URL.
      'line_items[0][price_data][product_data][images][0]': 'https://shop.test/uploads/p.webp',
      'line_items[0][price_data][product_data][images][1]': 'https://cdn.example.com/p.webp',
      success_url: `https://shop.test/success?session_id={CHECKOUT_SESSION_ID}&orderId=${orderId}`,
      cancel_url: `https://shop.test/cancel?orderId=${orderId}`,
    });
    // The session (and the held stock) lives 31 minutes: Stripe's minimum of 30 plus a margin.
    const expiresIn = Number(call.form.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(31 * 60);

    const row = await orderRow(orderId);
    expect(row).toMatchObject({
      paymentMethod: 'CARD',
      paymentStatus: 'AWAITING_PAYMENT',
      status: null,
      statusHistory: [],
      stripeSessionId: res.body.id,
      totalAmt: 180,
    });
    expect(await stockOf(t, p._id)).toBe(3);
    // The cart stays until the payment succeeds.
    expect(await cartOf(t, c.id)).toEqual([{ productId: p._id, quantity: 2 }]);
  });

  it('marks the order paid and PLACED on checkout.session.completed, exactly once however often it is replayed', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 250, stock: 4 });
    await putInCart(t, c.id, p._id, 1);
    const res = await checkout(c, p, 1, 250);
    const orderId = res.body.data.orderId as string;

    const event = signedEvent('checkout.session.completed', {
      id: res.body.id,
      metadata: { orderId },
      client_reference_id: orderId,
      payment_status: 'paid',
      amount_total: 25000,
    });
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, orderId });
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ paymentStatus: 'PAID', status: 'PLACED' });
    expect(paid?.statusHistory.map((h) => h.status)).toEqual(['PLACED']);
    expect(await cartOf(t, c.id)).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const replay = await webhook(event);
      expect(replay.status).toBe(200);
      expect(replay.body.data).toMatchObject({ received: true, duplicate: true });
    }
    const concurrent = await Promise.all([webhook(event), webhook(event)]);
    expect(concurrent.every((r) => r.status === 200 && r.body.data.duplicate === true)).toBe(true);
    const after = await orderRow(orderId);
    expect(after?.statusHistory).toEqual(paid?.statusHistory);
    expect(after?.updatedAt.toISOString()).toBe(paid?.updatedAt.toISOString());
    expect(await stockOf(t, p._id)).toBe(3);

    // The shopper sees it in their list as a paid, placed order.
    const list = await api(t).get('/api/order/order-list').set(bearer(c.token));
    expect(list.body.data[0]).toMatchObject({ orderId, payment_status: 'PAID', status: 'PLACED', payment_method: 'CARD' });
  });

  it('tells the admins of a card order only once it is paid', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 300, stock: 2 });
    const adminSocket = await connectSocket(baseUrl(t), admin);
    const buyerSocket = await connectSocket(baseUrl(t), c.token);
    try {
      const news = collect(adminSocket, 'new-order');
      const statuses = collect(buyerSocket, 'order-status');
      const res = await checkout(c, p, 1, 300);
      const orderId = res.body.data.orderId as string;
      const paid = signedEvent('checkout.session.completed', { id: res.body.id, metadata: { orderId }, payment_status: 'paid', amount_total: 30000 });
      expect((await webhook(paid)).status).toBe(200);
      expect(await waitFor(news, (e) => e.orderId === orderId)).toMatchObject({ orderId, totalAmt: 300 });
      expect(await waitFor(statuses, (e) => e.orderId === orderId)).toEqual({ orderId, status: 'PLACED', payment_status: 'PAID' });
      // Nothing was announced while the payment was awaited: one socket's events come in the order they were
      // sent, so the paid order's own events are the barrier (docs/testing.md),
      // and they are the first and only ones of this order.
      expect(news.filter((e) => e.orderId === orderId)).toHaveLength(1);
      expect(statuses.filter((e) => e.orderId === orderId)).toHaveLength(1);
    } finally {
      adminSocket.close();
      buyerSocket.close();
    }
  });

  it('answers 400 to a wrong signature and changes nothing', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 3 });
    const res = await checkout(c, p, 1, 100);
    const orderId = res.body.data.orderId as string;
    const session = { id: res.body.id, metadata: { orderId }, payment_status: 'paid', amount_total: 10000 };

    const forged = signedEvent('checkout.session.completed', session, 'whsec_someone_else');
    const wrong = await webhook(forged);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'BAD_SIGNATURE' });

    // A genuine header over a different body: the body was tampered with.
    const genuine = signedEvent('checkout.session.expired', session);
    const tampered = await webhook({ payload: genuine.payload.replace('checkout.session.expired', 'checkout.session.completed'), header: genuine.header });
    expect(tampered.status).toBe(400);

    const missing = await api(t).post('/api/order/webhook').set('content-type', 'application/json').send(genuine.payload);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual(['stripe-signature']);

    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'AWAITING_PAYMENT', statusHistory: [] });
    expect(await stockOf(t, p._id)).toBe(2);
    const recorded = await t.db.select().from(stripeEvents).where(eq(stripeEvents.orderId, orderId));
    expect(recorded).toEqual([]);
  });

  it('cancels the order and returns the stock on checkout.session.expired, once', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 3 });
    const res = await checkout(c, p, 2, 200);
    const orderId = res.body.data.orderId as string;
    expect(await stockOf(t, p._id)).toBe(1);

    const expired = signedEvent('checkout.session.expired', { id: res.body.id, metadata: { orderId }, payment_status: 'unpaid' });
    expect((await webhook(expired)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'CANCELLED', status: 'CANCELLED' });
    expect(await stockOf(t, p._id)).toBe(3);
    expect((await webhook(expired)).body.data.duplicate).toBe(true);
    expect(await stockOf(t, p._id)).toBe(3);

    // A late "completed" for an order that is no longer awaiting payment does not revive it.
    // Its money goes back.
    expect((await webhook(completed(res.body.id, orderId, 20000, `pi_late_${orderId}`))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'CANCELLED', stripeRefundId: expect.stringMatching(/^re_test_/) });
    expect(stripe.refunds().filter((c) => c.form.payment_intent === `pi_late_${orderId}`)).toHaveLength(1);
    expect(await stockOf(t, p._id)).toBe(3);
    // Money taken and given back has its tax documents: the invoice for the payment and a credit note reversing it.
    const invoice = await invoiceOf(t.db, orderId);
    expect(invoice?.document.totals.total).toBe(200);
    const notes = await creditNotesOf(t.db, orderId);
    expect(notes.map((n) => [n.reason, n.invoiceId, n.document.totals.total])).toEqual([['paid-after-cancel', invoice!.id, 200]]);
  });

  it('expires the Stripe session when the shopper cancels an order awaiting payment', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 3 });
    const res = await checkout(c, p, 1, 100);
    const cancel = await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: res.body.data.orderId });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ payment_status: 'CANCELLED', statusHistory: [{ status: 'CANCELLED' }] });
    expect(await stockOf(t, p._id)).toBe(3);
    // The expiry is sent after the answer; wait for it to reach the stand-in.
    await waitUntil(() => stripe.session(res.body.id)?.status === 'expired', { message: 'the expiry of the cancelled order’s checkout session at Stripe' });
    expect(stripe.session(res.body.id)?.status).toBe('expired');
  });

  it('refunds a paid card order once when the shopper or an admin cancels it; cash orders ask Stripe for nothing', async () => {
    const c = await shopper();
    const mine = await paidOrder(c);
    const cancel = await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: mine.orderId });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ payment_status: 'CANCELLED' });
    expect(await stockOf(t, mine.product._id)).toBe(4);
    const row = await refunded(mine.orderId);
    expect(row?.stripeRefundId).toMatch(/^re_test_/);
    const [call] = refundsOf(mine.orderId);
    expect(refundsOf(mine.orderId)).toHaveLength(1);
    expect(call?.form.payment_intent).toBe(`pi_${mine.orderId}`);
    expect(call?.headers['idempotency-key']).toBe(`haat-refund-${mine.orderId}`);
    const listed = (await api(t).get('/api/order/order-list').set(bearer(c.token))).body.data as Array<{ orderId: string; refundId?: string }>;
    expect(listed.find((o) => o.orderId === mine.orderId)?.refundId).toBe(row?.stripeRefundId);

    // An admin cancelling a paid order refunds it as well.
    const theirs = await paidOrder(c);
    const moved = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: theirs.orderId, status: 'CANCELLED' });
    expect(moved.status).toBe(200);
    expect((await refunded(theirs.orderId))?.stripeRefundId).toMatch(/^re_test_/);
    expect(refundsOf(theirs.orderId)).toHaveLength(1);

    // Cash on delivery: nothing was paid, nothing to refund.
    const before = stripe.refunds().length;
    const p = await addProduct(t, admin, shop, { price: 100, stock: 2 });
    const cod = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], address: c.addressId, totalAmt: 100 });
    expect(cod.status).toBe(201);
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: cod.body.data.orderId })).status).toBe(200);
    await refundBarrier(c);
    expect(refundsOf(cod.body.data.orderId as string)).toEqual([]);
    expect(stripe.refunds()).toHaveLength(before + 1); // the barrier's own
  });

  it('does not renew a card hold by opening checkout again: one payment waits at a time per account', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 4 });
    const first = await checkout(c, p, 2, 200);
    expect(first.status).toBe(201);
    const before = stripe.creates().length;
    const again = await checkout(c, p, 2, 200);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CHECKOUT_PENDING', orderId: first.body.data.orderId, url: first.body.url });
    expect(again.body.message).toContain(first.body.data.orderId);
    expect(stripe.creates()).toHaveLength(before);
    expect(await stockOf(t, p._id)).toBe(2);
    // Cancelling the waiting order lets the shopper pay again, holding only the new order's units.
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: first.body.data.orderId })).status).toBe(200);
    expect(await stockOf(t, p._id)).toBe(4);
    expect((await checkout(c, p, 2, 200)).status).toBe(201);
    expect(await stockOf(t, p._id)).toBe(2);
  });

  it('cancels from the Stripe cancel page only an order awaiting its card payment; cash-on-delivery and paid orders are left alone', async () => {
    const abandon = (token: string, orderId: string) => api(t).post('/api/order/checkout/cancel').set(bearer(token)).send({ orderId });
    const c = await shopper();

    // Awaiting its card payment: cancelled, stock back, Stripe session closed.
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    await putInCart(t, c.id, p._id, 2);
    const awaiting = await checkout(c, p, 2, 200);
    const awaitingId = awaiting.body.data.orderId as string;
    expect(await stockOf(t, p._id)).toBe(3);
    const cancelled = await abandon(c.token, awaitingId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      orderId: awaitingId,
      payment_status: 'CANCELLED',
      status: 'CANCELLED',
      statusHistory: [{ status: 'CANCELLED' }],
    });
    expect(await stockOf(t, p._id)).toBe(5);
    // Nothing was paid, so the cart is as it was: the shopper may pay for it again or take it cash on delivery.
    expect(await cartOf(t, c.id)).toEqual([{ productId: p._id, quantity: 2 }]);
    await waitUntil(() => stripe.session(awaiting.body.id)?.status === 'expired', {
      message: 'the expiry of the abandoned order’s checkout session at Stripe',
    });
    expect(stripe.session(awaiting.body.id)?.status).toBe('expired');
    // Opening the page again changes nothing and says the order is already cancelled.
    const again = await abandon(c.token, awaitingId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'NOT_AWAITING_PAYMENT', payment_status: 'CANCELLED' });
    expect(await stockOf(t, p._id)).toBe(5);

    // Cash on delivery: never cancelled by opening the URL.
    const cod = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], address: c.addressId, totalAmt: 100 });
    expect(cod.status).toBe(201);
    const codId = cod.body.data.orderId as string;
    const codAnswer = await abandon(c.token, codId);
    expect(codAnswer.status).toBe(409);
    expect(codAnswer.body).toMatchObject({ success: false, code: 'NOT_AWAITING_PAYMENT', payment_status: 'CASH ON DELIVERY', status: 'PLACED' });
    expect(codAnswer.body.message).toMatch(/not awaiting payment/);
    expect(await orderRow(codId)).toMatchObject({ paymentStatus: 'CASH ON DELIVERY', status: 'PLACED' });
    expect(await stockOf(t, p._id)).toBe(4);

    // Paid: never cancelled by opening the URL, and nothing is refunded.
    const paidRes = await checkout(c, p, 1, 100);
    const paidId = paidRes.body.data.orderId as string;
    expect((await webhook(completed(paidRes.body.id, paidId, 10000))).status).toBe(200);
    const paidAnswer = await abandon(c.token, paidId);
    expect(paidAnswer.status).toBe(409);
    expect(paidAnswer.body).toMatchObject({ code: 'NOT_AWAITING_PAYMENT', payment_status: 'PAID' });
    expect(await orderRow(paidId)).toMatchObject({ paymentStatus: 'PAID', status: 'PLACED', stripeRefundId: null });
    expect(await stockOf(t, p._id)).toBe(3);
    expect(stripe.refunds().filter((call) => call.form['metadata[orderId]'] === paidId)).toHaveLength(0);

    // Another shopper's order is not theirs to cancel: 404, as for an unknown one.
    const other = await shopper();
    const mine = await checkout(c, p, 1, 100);
    expect((await abandon(other.token, mine.body.data.orderId as string)).status).toBe(404);
    expect(await orderRow(mine.body.data.orderId as string)).toMatchObject({ paymentStatus: 'AWAITING_PAYMENT', status: null });
  });

  it('never refunds a paid order for another event carrying the payment that paid it', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 2 });
    const res = await checkout(c, p, 1, 100);
    const orderId = res.body.data.orderId as string;
    const session = { id: res.body.id, metadata: { orderId }, payment_status: 'paid', amount_total: 10000, payment_intent: `pi_${orderId}` };
    expect((await webhook(signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await webhook(signedEvent('checkout.session.async_payment_succeeded', session))).status).toBe(200);
    await refundBarrier(c);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'PAID', status: 'PLACED', stripeRefundId: null });
    expect(stripe.refunds().filter((call) => call.form['metadata[orderId]'] === orderId)).toHaveLength(0);
  });

  it('answers a retried Idempotency-Key with the first session, asking Stripe once', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const before = stripe.creates().length;
    const first = await checkout(c, p, 1, 100, 'pay-key-000001');
    const again = await checkout(c, p, 1, 100, 'pay-key-000001');
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(stripe.creates()).toHaveLength(before + 1);
    expect(await stockOf(t, p._id)).toBe(4);
  });

  it('checks prices before asking Stripe: a stale total is a 409 and no session', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, discount: 50, stock: 5 });
    const before = stripe.creates().length;
    const res = await checkout(c, p, 1, 100);
    expect(res.status).toBe(409);
    expect(res.body.current.totalAmt).toBe(50);
    expect(stripe.creates()).toHaveLength(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, c.id))).toEqual([]);
  });

  it('removes the order and returns the stock when Stripe refuses the session', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    stripe.failNext = true;
    const res = await checkout(c, p, 2, 200);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER');
    expect(await stockOf(t, p._id)).toBe(5);
    expect(await t.db.select().from(orders).where(eq(orders.userId, c.id))).toEqual([]);
  });

  it('answers 503 for checkout without STRIPE_SECRET_KEY and for the webhook without STRIPE_WEBHOOK_SECRET', async () => {
    const bare = await startApp(kind);
    try {
      const c = await newCustomer(bare);
      const addressId = await addAddress(bare, c.id);
      const res = await api(bare)
        .post('/api/order/checkout')
        .set(bearer(c.token))
        .send({ list_items: [{ productId: 'P1', quantity: 1 }], addressId, totalAmt: 1 });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/Online payment is not available/);
      const hook = signedEvent('checkout.session.completed', { id: 'cs_x', metadata: { orderId: 'HT00000000' } });
      const webhookRes = await api(bare)
        .post('/api/order/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', hook.header)
        .send(hook.payload);
      expect(webhookRes.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
