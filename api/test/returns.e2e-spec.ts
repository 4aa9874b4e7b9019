import { and, eq, sql } from 'drizzle-orm';
import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { stockMovements } from '../src/inventory/inventory.table.js';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { lockOrder } from '../src/orders/lifecycle/transition.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import { orders, type OrderRow } from '../src/orders/orders.table.js';
import { creditNotesOf, invoiceOf } from '../src/invoices/invoices.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, type TestApp } from './harness.js';
import { mailsTo } from './accounts-fixtures.js';
import { addAddress, addProduct, line, stockOf } from './order-fixtures.js';
import { startStripeShop, type StripeShop } from './stripe-shop.js';
import { waitUntil } from './wait-until.js';
import { mailSays } from './mail-reading.js';

/**
 * Returns (docs/product.md#returns): asked by the shopper for a delivered order within the window, never
 * more units than bought; moved only by an admin and only as the lifecycle's table allows; received units
 * back on sale with a `return` ledger row; a cash refund recorded, a card refund asked of Stripe for the
 * amount paid; an invoiced order's return credited by a credit note; the shopper told by mail.
 */
describe.each(PORTABLE_DB_KINDS)('returns on %s', (kind) => {
  let s: StripeShop;
  let t: TestApp;
  let product: { _id: string };
  let shopper: { id: string; token: string; email: string };
  let address: string;

  beforeAll(async () => {
    s = await startStripeShop(kind);
    t = s.t;
    product = await addProduct(t, s.admin, s.shop, { price: 500, stock: 100, name: 'Steel Bottle' });
    shopper = await newCustomer(t, 'Kabir');
    address = await addAddress(t, shopper.id);
  });
  afterAll(() => s.close());

  const adminMove = (returnId: string, status: string, refund?: Record<string, string>, token = s.admin) =>
    api(t)
      .post('/api/order/admin/return-status')
      .set(bearer(token))
      .send({ returnId, status, ...(refund ? { refund } : {}) });
  const ask = (orderId: string, quantity: number, token = shopper.token) =>
    api(t)
      .post('/api/order/return')
      .set(bearer(token))
      .send({ orderId, items: [{ productId: product._id, quantity }], reason: 'Leaks at the lid' });

  async function deliveredCod(quantity = 2): Promise<string> {
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(product, quantity)], totalAmt: 500 * quantity, addressId: address });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);
    return orderId;
  }

  it('is refused before delivery, for another shopper, past what was bought and after the window', async () => {
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(product, 1)], totalAmt: 500, addressId: address });
    const early = await ask(placed.body.data.orderId, 1);
    expect([early.status, early.body.code]).toEqual([409, 'RETURN_NOT_DELIVERED']);

    const orderId = await deliveredCod(2);
    const stranger = await newCustomer(t, 'Stranger');
    expect((await ask(orderId, 1, stranger.token)).status).toBe(404);
    const tooMany = await ask(orderId, 3);
    expect([tooMany.status, tooMany.body.code, tooMany.body.left]).toEqual([422, 'RETURN_TOO_MANY', 2]);
    expect((await ask(orderId, 2)).status).toBe(201);
    expect((await ask(orderId, 1)).body).toMatchObject({ code: 'RETURN_TOO_MANY', left: 0 }); // all units already asked back

    // Delivered eight days ago: the seven-day window has closed.
    const old = await deliveredCod(1);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await t.db
      .update(orders)
      .set({ statusHistory: sql`jsonb_set(status_history, '{1,updatedAt}', to_jsonb(${eightDaysAgo}::text))` })
      .where(eq(orders.id, old));
    const late = await ask(old, 1);
    expect([late.status, late.body.code, late.body.days]).toEqual([409, 'RETURN_WINDOW_CLOSED', 7]);
  });

  it('a cash order: approved, received back on sale, refunded by UPI with a credit note, the shopper told', async () => {
    const orderId = await deliveredCod(2);
    const invoice = (await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).set('Accept', 'application/json')).body.data;
    const asked = await ask(orderId, 1);
    expect(asked.status).toBe(201);
    const ret = asked.body.data;
    expect(ret).toMatchObject({ orderId, status: 'REQUESTED', amount: 500, items: [{ productId: product._id, quantity: 1, amount: 500 }] });

    // Only an admin moves it, and only as the table allows.
    expect((await adminMove(ret._id, 'APPROVED', undefined, shopper.token)).status).toBe(403);
    // The Returns tab lists it with how the order was paid (cash: the refund needs a method and reference) and who asked.
    expect((await api(t).get('/api/order/admin/returns').set(bearer(shopper.token))).status).toBe(403);
    const open = (await api(t).get('/api/order/admin/returns').set(bearer(s.admin))).body.data.find((r: { _id: string }) => r._id === ret._id);
    expect(open).toMatchObject({ status: 'REQUESTED', paymentMethod: 'COD', customer: { _id: shopper.id, email: shopper.email } });
    const skipped = await adminMove(ret._id, 'RECEIVED');
    expect([skipped.status, skipped.body.code]).toEqual([409, 'RETURN_STATE']);
    expect((await adminMove(ret._id, 'APPROVED')).body.data.status).toBe('APPROVED');

    const before = await stockOf(t, product._id);
    expect((await adminMove(ret._id, 'RECEIVED')).body.data.status).toBe('RECEIVED');
    expect(await stockOf(t, product._id)).toBe(before + 1);
    const ledger = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'return')));
    expect(ledger.map((m) => m.onHandDelta)).toEqual([1]);

    const noMethod = await adminMove(ret._id, 'REFUNDED');
    expect([noMethod.status, noMethod.body.fields]).toEqual([400, ['refund']]);
    const refunded = await adminMove(ret._id, 'REFUNDED', { method: 'UPI', reference: 'UPI-REF-778812' });
    expect(refunded.body.data).toMatchObject({ status: 'REFUNDED', refund: { method: 'UPI', reference: 'UPI-REF-778812' } });
    expect((await adminMove(ret._id, 'REFUNDED', { method: 'UPI', reference: 'again' })).status).toBe(409);

    const note = (await api(t).get(`/api/order/${orderId}/credit-note`).set(bearer(shopper.token)).set('Accept', 'application/json')).body.data;
    expect(note).toMatchObject({ kind: 'credit_note', invoiceNumber: invoice.number, totals: { total: 500 } });
    expect(note.lines).toEqual([expect.objectContaining({ quantity: 1, total: 500 })]);

    const mine = (await api(t).get('/api/order/order-list').set(bearer(shopper.token))).body.data.find((o: { orderId: string }) => o.orderId === orderId);
    expect(mine.returns.map((r: { status: string }) => r.status)).toEqual(['REFUNDED']);
    expect((await api(t).get('/api/order/admin/returns').set(bearer(s.admin))).body.data.map((r: { _id: string }) => r._id)).not.toContain(ret._id);
    await waitUntil(async () => (await mailsTo(t, shopper.email)).filter((m) => mailSays(m, new RegExp(orderId))).length >= 4, {
      message: 'four return mails (requested, approved, received, refunded)',
    });
  });

  it('a card order: the refund of what was paid for the units is asked of Stripe once', async () => {
    const input = CashOnDeliveryBody.parse({ list_items: [line(product, 3)], totalAmt: 1500, addressId: address });
    const { order } = await t.app.get(OrderPlacementService).place(shopper.id, input, 'CARD');
    await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    const lifecycle = t.app.get(OrderLifecycle);
    await t.db.transaction(async (tx) =>
      lifecycle.transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_return_1' }),
    );
    await api(t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: order.id, status: 'DELIVERED' });
    const ret = (await ask(order.id, 2)).body.data;
    for (const status of ['APPROVED', 'RECEIVED', 'REFUNDED']) expect((await adminMove(ret._id, status)).status).toBe(200);
    await waitUntil(() => s.stripe.refunds().some((c) => c.form.payment_intent === 'pi_return_1'), { message: 'the return refund asked of Stripe' });
    const refund = s.stripe.refunds().filter((c) => c.form.payment_intent === 'pi_return_1');
    expect(refund).toHaveLength(1);
    expect(refund[0]!.form.amount).toBe('100000');
    expect(refund[0]!.headers['idempotency-key']).toBe(`haat-return-refund-${ret._id}`);
  });
  it('three one-unit returns of a line paid ₹299.00 give back 99.67 + 99.67 + 99.66: the card gets ₹299.00 back, no more, and so do the credit notes', async () => {
    // Three at ₹100.00 less a ₹1.00 coupon: the line is paid ₹299.00 for its three units.
    const bottle = await addProduct(t, s.admin, s.shop, { price: 100, stock: 10, name: 'Copper Bottle' });
    const now = Date.now();
    const coupon = await api(t)
      .post('/api/coupon/create')
      .set(bearer(s.admin))
      .send({ code: 'RUPEEOFF', type: 'flat', value: 1, startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 86_400_000).toISOString() });
    expect(coupon.status).toBe(201);
    const input = CashOnDeliveryBody.parse({ list_items: [line(bottle, 3)], totalAmt: 299, addressId: address, couponCode: 'RUPEEOFF' });
    const { order } = await t.app.get(OrderPlacementService).place(shopper.id, input, 'CARD');
    expect(order.totalAmt).toBe(299);
    await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    const lifecycle = t.app.get(OrderLifecycle);
    await t.db.transaction(async (tx) =>
      lifecycle.transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_return_299' }),
    );
    await api(t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: order.id, status: 'DELIVERED' });
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const asked = await api(t)
        .post('/api/order/return')
        .set(bearer(shopper.token))
        .send({ orderId: order.id, items: [{ productId: bottle._id, quantity: 1 }], reason: 'Dented' });
      expect(asked.status).toBe(201);
      amounts.push(asked.body.data.amount as number);
      for (const status of ['APPROVED', 'RECEIVED', 'REFUNDED']) expect((await adminMove(asked.body.data._id, status)).status).toBe(200);
    }
    expect(amounts).toEqual([99.67, 99.67, 99.66]);
    await waitUntil(() => s.stripe.refunds().filter((c) => c.form.payment_intent === 'pi_return_299').length === 3, { message: 'three refunds asked' });
    const asked = s.stripe.refunds().filter((c) => c.form.payment_intent === 'pi_return_299');
    expect(asked.map((c) => c.form.amount)).toEqual(['9967', '9967', '9966']);
    const invoice = await invoiceOf(t.db, order.id);
    const notes = await creditNotesOf(t.db, order.id);
    expect(notes.reduce((sum, n) => sum + Math.round(n.document.totals.total * 100), 0)).toBe(Math.round(invoice!.document.totals.total * 100));
  });
});
