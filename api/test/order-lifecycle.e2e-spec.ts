import { eq } from 'drizzle-orm';
import { ORDER_ACTORS, type LifecycleStage, type OrderActor } from '@haat/shared/orders/order-lifecycle';
import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { ORDER_STAGES, stageIndex, type OrderStage, type PaymentStatus } from '@haat/shared/orders/order-stages';
import { AppError } from '../src/common/app-error.js';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { lockOrder, type Transitioned } from '../src/orders/lifecycle/transition.js';
import { OrderEvents, type OrderChange } from '../src/orders/order-events.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import { newId } from '../src/common/ids.js';
import { users } from '../src/users/users.table.js';
import { orders, type OrderRow } from '../src/orders/orders.table.js';
import { PORTABLE_DB_KINDS, adminToken, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, cartOf, line, openShop, putInCart, stockOf } from './order-fixtures.js';

/**
 * Every (from, to, who) of the order lifecycle through the real database: the allowed moves land on the
 * right stage and payment status with their effects (history, stock back exactly once, cart, refund,
 * Stripe session), every other one is a 409 that changes nothing. The expectations are the rules in
 * words, written apart from the order process's table, so a wrong row in it fails here. Every kind and actor
 * through the routes: order-process.e2e-spec.ts.
 */

type Payment = 'COD' | 'CARD';

/** The states an order can be in, each made the way a real order gets there. */
const FROM: Array<{ name: string; from: LifecycleStage; method: Payment; path: OrderStage[] }> = [
  { name: 'awaiting card payment', from: null, method: 'CARD', path: [] },
  { name: 'cash on delivery, PLACED', from: 'PLACED', method: 'COD', path: [] },
  { name: 'paid by card, PLACED', from: 'PLACED', method: 'CARD', path: ['PLACED'] },
  { name: 'cash on delivery, CONFIRMED', from: 'CONFIRMED', method: 'COD', path: ['CONFIRMED'] },
  { name: 'paid by card, SHIPPED', from: 'SHIPPED', method: 'CARD', path: ['PLACED', 'SHIPPED'] },
  { name: 'cash on delivery, OUT_FOR_DELIVERY', from: 'OUT_FOR_DELIVERY', method: 'COD', path: ['CONFIRMED', 'OUT_FOR_DELIVERY'] },
  { name: 'cash on delivery, DELIVERED', from: 'DELIVERED', method: 'COD', path: ['DELIVERED'] },
  { name: 'paid by card, CANCELLED', from: 'CANCELLED', method: 'CARD', path: ['PLACED', 'CANCELLED'] },
];

/** What the move should do, from the rules in words: the payment status after it, or refused. */
function expected(from: LifecycleStage, before: PaymentStatus, to: OrderStage, actor: OrderActor): PaymentStatus | 'refused' {
  if (from === null) {
    if (to === 'PLACED') return actor === 'payment' ? 'PAID' : 'refused';
    // A store's queue sees only placed orders: an unpaid one is the shopper's, the admin's or the payment's to end.
    return to === 'CANCELLED' && actor !== 'store' ? 'CANCELLED' : 'refused';
  }
  // These are the warehouse's courier orders: they ship, and are never packed nor given a rider (a store's express
  // order is) nor made ready for pickup (a pickup order is).
  if (
    from === 'DELIVERED' ||
    from === 'CANCELLED' ||
    to === 'PACKED' ||
    to === 'READY_FOR_PICKUP' ||
    to === 'AGENT_ASSIGNED' ||
    stageIndex(to) <= stageIndex(from)
  )
    return 'refused';
  if (actor === 'customer') return to === 'CANCELLED' ? 'CANCELLED' : 'refused';
  if (actor !== 'admin') return 'refused';
  return to === 'DELIVERED' ? 'COMPLETED' : to === 'CANCELLED' ? 'CANCELLED' : before;
}

const QUANTITY = 2;

describe.each(PORTABLE_DB_KINDS)('the order lifecycle on %s', (kind) => {
  let t: TestApp;
  let product: { _id: string };
  let customer: { id: string; token: string; addressId: string };

  beforeAll(async () => {
    // One shopper places every order of the table, most left unpaid: the account's hold cap is not what is tested here.
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '1000000' });
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    product = await addProduct(t, admin, shop, { price: 100, stock: 100_000 });
    const c = await newCustomer(t, 'Meera');
    customer = { ...c, addressId: await addAddress(t, c.id) };
  });
  afterAll(() => t.close());

  const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0] as OrderRow;

  const move = (id: string, to: OrderStage, actor: OrderActor): Promise<Transitioned> =>
    t.db.transaction(async (tx) => app(OrderLifecycle).transitionIn(tx, (await lockOrder(tx, id)) as OrderRow, to, actor, { paymentIntent: `pi_${id}` }));

  /** A new account with an address, written straight into the tables (accounts are not what is tested here). */
  async function cardBuyer(): Promise<{ id: string; addressId: string }> {
    const id = newId();
    await t.db.insert(users).values({ id, name: 'Meera', email: `${id.toLowerCase()}@test.local` });
    return { id, addressId: await addAddress(t, id) };
  }

  /** A fresh order in the named state, reached through the lifecycle itself. */
  async function orderIn(state: (typeof FROM)[number]): Promise<OrderRow> {
    const input = CashOnDeliveryBody.parse({ list_items: [line(product, QUANTITY)], totalAmt: 100 * QUANTITY, addressId: customer.addressId });
    // One card order per account awaits its payment (docs/decisions/0213): each card order gets an account of its own.
    const buyer = state.method === 'CARD' ? await cardBuyer() : customer;
    const { order } = await app(OrderPlacementService).place(buyer.id, { ...input, addressId: buyer.addressId }, state.method);
    if (state.method === 'CARD') await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    for (const stage of state.path) await move(order.id, stage, stage === 'PLACED' ? 'payment' : 'admin');
    return row(order.id);
  }

  const app = <T>(type: new (...args: never[]) => T): T => t.app.get(type);

  describe.each(FROM)('from $name', (state) => {
    const pairs = ORDER_STAGES.flatMap((to) => ORDER_ACTORS.map((actor) => [to, actor] as const));
    // An order a refused move was shown to leave as it was (same row, same stock) is still an order in this state:
    // the next move from it starts there instead of placing another (most moves are refused; placing is the cost).
    let untouched: OrderRow | null = null;

    it.each(pairs)('to %s by %s', async (to, actor) => {
      const order = untouched ?? (await orderIn(state));
      untouched = null;
      const want = expected(state.from, order.paymentStatus, to, actor);
      const stockBefore = await stockOf(t, product._id);

      if (want === 'refused') {
        const error = await move(order.id, to, actor).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        const refused = error as AppError;
        expect(refused.getStatus()).toBe(409);
        const finished = state.from === 'DELIVERED' || state.from === 'CANCELLED';
        expect(refused.code).toBe(actor === 'customer' && to === 'CANCELLED' && finished ? 'ORDER_FINISHED' : 'STAGE_NOT_ALLOWED');
        expect(refused.message).toContain(order.id);
        // Nothing moved: same row, same stock.
        expect(await row(order.id)).toEqual(order);
        expect(await stockOf(t, product._id)).toBe(stockBefore);
        untouched = order;
        return;
      }

      if (to === 'PLACED') await putInCart(t, order.userId, product._id, 1);
      const moved = await move(order.id, to, actor);
      const after = await row(order.id);
      expect(after).toMatchObject({ status: to, paymentStatus: want });
      expect(moved.after).toEqual(after);
      expect(after.statusHistory.map((h) => h.status)).toEqual([...order.statusHistory.map((h) => h.status), to]);
      // Stock goes back exactly once on a cancellation before shipping, and never otherwise: an order cancelled in
      // transit gives its units back when the parcel is received (a return to origin), and its refund then too.
      const inTransit = to === 'CANCELLED' && state.from !== null && stageIndex(state.from) >= stageIndex('SHIPPED');
      expect(await stockOf(t, product._id)).toBe(stockBefore + (to === 'CANCELLED' && !inTransit ? QUANTITY : 0));
      expect(moved.placed).toBe(to === 'PLACED');
      expect(moved.refund).toBe(order.paymentStatus === 'PAID' && to === 'CANCELLED' && !inTransit ? order.stripePaymentIntent : null);
      expect(moved.expireSession).toBe(state.from === null && to === 'CANCELLED' && (actor === 'customer' || actor === 'admin') ? order.stripeSessionId : null);
      if (to === 'PLACED') {
        // Paid: the payment is kept for a later refund and the bought products leave the cart.
        expect(after.stripePaymentIntent).toBe(`pi_${order.id}`);
        expect(await cartOf(t, order.userId)).toEqual([]);
      }
    });
  });

  it('announces a move after it commits, naming who made it and what must follow', async () => {
    const seen: OrderChange[] = [];
    app(OrderEvents).listen({ changed: (change) => void seen.push(change) });
    const order = await orderIn(FROM[2]!);
    const lifecycle = app(OrderLifecycle);
    await lifecycle.move(order.id, 'CANCELLED', 'admin', { read: () => Promise.resolve(undefined) });
    const change = seen.find((c) => c.order.id === order.id);
    expect(change).toMatchObject({ cause: 'admin', previousPaymentStatus: 'PAID', refund: `pi_${order.id}`, expireSession: null });
    expect(change?.order.paymentStatus).toBe('CANCELLED');
  });
});
