import { and, eq } from 'drizzle-orm';
import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { stockMovements } from '../src/inventory/inventory.table.js';
import { creditNotesOf, invoiceOf } from '../src/invoices/invoices.js';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { lockOrder } from '../src/orders/lifecycle/transition.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import { orders, type OrderRow } from '../src/orders/orders.table.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, type TestApp } from './harness.js';
import { mailsTo } from './accounts-fixtures.js';
import { mailSays, readMail } from './mail-reading.js';
import { addAddress, addProduct, line, stockOf } from './order-fixtures.js';
import { startStripeShop, type StripeShop } from './stripe-shop.js';
import { waitUntil } from './wait-until.js';

type Wire = {
  _id: string;
  totalAmt: number;
  subTotalAmt: number;
  quantity: number;
  product_details: Array<{ productId: string; quantity: number; subTotalAmt: number }>;
  partCancellations?: Array<{
    _id: string;
    amount: number;
    money: string;
    refundId: string | null;
    items: Array<{ productId: string; quantity: number; amount: number }>;
  }>;
};

/**
 * Cancelling part of an order (docs/product.md#cancelling-part-of-an-order): an admin takes units the shop cannot send
 * off an order before it leaves. The rest goes on; the units' reservation ends; a cash order costs what is left; a card
 * order gets a credit note and a refund of what the units were paid, once; nothing else changes when it is refused.
 */
describe.each(PORTABLE_DB_KINDS)('cancelling part of an order on %s', (kind) => {
  let s: StripeShop;
  let t: TestApp;
  let bottle: { _id: string };
  let mug: { _id: string };
  let shopper: { id: string; token: string; email: string };
  let address: string;

  beforeAll(async () => {
    s = await startStripeShop(kind);
    t = s.t;
    bottle = await addProduct(t, s.admin, s.shop, { price: 100, stock: 50, name: 'Steel Bottle' });
    mug = await addProduct(t, s.admin, s.shop, { price: 250, stock: 50, name: 'Clay Mug' });
    shopper = await newCustomer(t, 'Meera');
    address = await addAddress(t, shopper.id);
  });
  afterAll(() => s.close());

  const cancelItems = (orderId: string, items: Array<{ productId: string; quantity: unknown }>, token = s.admin) =>
    api(t).post('/api/order/admin/cancel-items').set(bearer(token)).send({ orderId, items });
  const cod = async (bottles: number, mugs: number): Promise<Wire> => {
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(bottle, bottles), line(mug, mugs)], totalAmt: 100 * bottles + 250 * mugs, addressId: address });
    expect(placed.status).toBe(201);
    return placed.body.data as Wire;
  };
  const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('a cash order: the units come off its lines and total, their reservation ends, and it is invoiced for what is left', async () => {
    const [bottlesBefore, mugsBefore] = [await stockOf(t, bottle._id), await stockOf(t, mug._id)];
    const order = await cod(3, 2);
    expect([await stockOf(t, bottle._id), await stockOf(t, mug._id)]).toEqual([bottlesBefore - 3, mugsBefore - 2]);
    // Every mug (the whole line) and one bottle.
    const taken = await cancelItems(order._id, [
      { productId: mug._id, quantity: 2 },
      { productId: bottle._id, quantity: 1 },
    ]);
    expect(taken.status).toBe(200);
    const after = taken.body.data as Wire;
    expect(after.product_details.map((l) => [l.productId, l.quantity, l.subTotalAmt])).toEqual([[bottle._id, 2, 200]]);
    expect([after.subTotalAmt, after.totalAmt, after.quantity]).toEqual([200, order.totalAmt - 600, 2]);
    expect(after.partCancellations).toEqual([
      expect.objectContaining({
        amount: 600,
        money: 'lessAtDoor',
        refundId: null,
        items: [
          expect.objectContaining({ productId: bottle._id, quantity: 1, amount: 100 }),
          expect.objectContaining({ productId: mug._id, quantity: 2, amount: 500 }),
        ],
      }),
    ]);
    // Back on sale at once; the ledger says why, for this order, by the admin.
    expect([await stockOf(t, bottle._id), await stockOf(t, mug._id)]).toEqual([bottlesBefore - 2, mugsBefore]);
    const ledger = await t.db
      .select({ reason: stockMovements.reason, reserved: stockMovements.reservedDelta })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order._id), eq(stockMovements.reason, 'cancel')));
    expect(ledger.map((r) => r.reserved).sort()).toEqual([-1, -2]);
    // The shopper is told by mail, in words: what could not be sent and what it does to the money.
    const told = await waitUntil(
      async () => (await mailsTo(t, shopper.email)).find((m) => mailSays(m, new RegExp(order._id)) && mailSays(m, /could not send/)),
      {
        message: 'the shopper told by mail',
      },
    );
    const { subject, text } = readMail(told);
    expect(subject).toBe(`We could not send part of your order ${order._id}`);
    expect(text).toContain('we could not send 1 × Steel Bottle, 2 × Clay Mug of your order');
    expect(text).toContain('That is ₹600.00 less to pay at the door.');
    // The shopper's own list shows the same.
    const mine = (await api(t).get('/api/order/order-list').set(bearer(shopper.token))).body.data as Wire[];
    expect(mine.find((o) => o._id === order._id)).toMatchObject({ totalAmt: after.totalAmt, partCancellations: [expect.objectContaining({ amount: 600 })] });
    // Delivered: its invoice is of the two bottles left, and a return of one of them is credited against that line.
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: order._id, status: 'DELIVERED' })).status).toBe(200);
    const invoice = await invoiceOf(t.db, order._id);
    expect(invoice!.document.lines.map((l) => [l.quantity, l.total])).toEqual([[2, 200]]);
    expect(invoice!.document.totals.total).toBe(200);
    const ret = await api(t)
      .post('/api/order/return')
      .set(bearer(shopper.token))
      .send({ orderId: order._id, items: [{ productId: bottle._id, quantity: 1 }], reason: 'Dented' });
    expect([ret.status, ret.body.data.amount]).toEqual([201, 100]);
  });

  it('a card order: a credit note for the units, and their refund asked of Stripe once', async () => {
    const input = CashOnDeliveryBody.parse({ list_items: [line(bottle, 3), line(mug, 1)], totalAmt: 550, addressId: address });
    const { order } = await t.app.get(OrderPlacementService).place(shopper.id, input, 'CARD');
    await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    // Awaiting its payment: nothing can come off yet.
    const early = await cancelItems(order.id, [{ productId: bottle._id, quantity: 1 }]);
    expect([early.status, early.body.code]).toEqual([409, 'PART_CANCEL_NOT_POSSIBLE']);
    await t.db.transaction(async (tx) =>
      t.app.get(OrderLifecycle).transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_part_1' }),
    );
    expect((await invoiceOf(t.db, order.id))?.document.totals.total).toBe(550);
    const taken = await cancelItems(order.id, [{ productId: bottle._id, quantity: 2 }]);
    expect(taken.status).toBe(200);
    const cancellation = (taken.body.data as Wire).partCancellations![0]!;
    expect(cancellation).toMatchObject({ amount: 200, money: 'refundCard' });
    const notes = await creditNotesOf(t.db, order.id);
    expect(notes.map((n) => [n.document.lines.map((l) => [l.name, l.quantity, l.total]), n.document.totals.total])).toEqual([
      [[['Steel Bottle', 2, 200]], 200],
    ]);
    await waitUntil(() => s.stripe.refunds().some((c) => c.form.payment_intent === 'pi_part_1'), { message: 'the units’ refund asked of Stripe' });
    const asked = s.stripe.refunds().filter((c) => c.form.payment_intent === 'pi_part_1');
    expect(asked.map((c) => [c.form.amount, c.headers['idempotency-key']])).toEqual([['20000', `haat-part-cancel-refund-${cancellation._id}`]]);
    await waitUntil(
      async () =>
        (await api(t).get('/api/order/order-list').set(bearer(shopper.token))).body.data.find((o: Wire) => o._id === order.id)?.partCancellations?.[0]
          ?.refundId,
      {
        message: 'Stripe’s refund id kept',
      },
    );
  });

  it('refuses, naming why, and changes nothing: a shopper, no such order, gone from the shop, every unit, not in it, too many, bad counts', async () => {
    const order = await cod(2, 1);
    const before = await row(order._id);
    const refusals: Array<[ReturnType<typeof cancelItems>, number, string | undefined]> = [
      [cancelItems(order._id, [{ productId: bottle._id, quantity: 1 }], shopper.token), 403, undefined],
      [cancelItems('0123456789abcdef01234567', [{ productId: bottle._id, quantity: 1 }]), 404, 'NOT_FOUND'],
      [
        cancelItems(order._id, [
          { productId: bottle._id, quantity: 2 },
          { productId: mug._id, quantity: 1 },
        ]),
        409,
        'PART_CANCEL_NOT_POSSIBLE',
      ],
      [
        cancelItems(order._id, [{ productId: (await addProduct(t, s.admin, s.shop, { price: 10, stock: 5, name: 'Spoon' }))._id, quantity: 1 }]),
        400,
        'VALIDATION',
      ],
      [cancelItems(order._id, [{ productId: bottle._id, quantity: 3 }]), 400, 'VALIDATION'],
      [
        cancelItems(order._id, [
          { productId: bottle._id, quantity: 1 },
          { productId: bottle._id, quantity: 2 },
        ]),
        400,
        'VALIDATION',
      ],
      [cancelItems(order._id, [{ productId: bottle._id, quantity: 0 }]), 400, 'VALIDATION'],
      [cancelItems(order._id, [{ productId: bottle._id, quantity: 'two' }]), 400, 'VALIDATION'],
      [cancelItems(order._id, []), 400, 'VALIDATION'],
    ];
    for (const [request, status, code] of refusals) {
      const res = await request;
      expect({ status: res.status, code: res.body.code }).toEqual({ status, code: code ?? res.body.code });
      expect(typeof res.body.message).toBe('string');
    }
    expect(await row(order._id)).toEqual(before);
    // Shipped, it has left the shop.
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: order._id, status: 'SHIPPED' })).status).toBe(200);
    const gone = await cancelItems(order._id, [{ productId: bottle._id, quantity: 1 }]);
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([
      409,
      'PART_CANCEL_NOT_POSSIBLE',
      `Order ${order._id} has left the shop: units can be taken off only before it does.`,
    ]);
  });

  it('two admins taking the last units off at once: one is taken, the other would empty the order and is refused', async () => {
    const order = await cod(1, 1);
    const answers = await Promise.all([
      cancelItems(order._id, [{ productId: bottle._id, quantity: 1 }]),
      cancelItems(order._id, [{ productId: mug._id, quantity: 1 }]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await row(order._id)).quantity).toBe(1);
  });
});
