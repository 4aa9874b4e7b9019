import fc from 'fast-check';
import {
  ORDER_ACTORS,
  factsOfOrder,
  movesFor,
  kindOf,
  type LifecycleStage,
  type OrderActor,
  type OrderKind,
  type OrderMoveTo,
} from '@haat/shared/orders/order-lifecycle';
import { expectedMoves } from '@haat/shared/orders/order-process-in-words';
import { ORDER_STAGES } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer } from './harness.js';
import { addAddress, addProduct, line } from './order-fixtures.js';
import { openStore, pickupClockRuns, stockStore } from './store-fixtures.js';
import { postWebhook, signedEvent, startStripeShop, type StripeShop } from './stripe-shop.js';

/**
 * The order process, model-based (docs/architecture.md#the-order-process): fast-check draws runs of moves by every
 * actor (shopper, admin, store queue, payment, timer) on orders of every kind, over both processes (a courier order,
 * a store's express order, a pickup order paid in cash at the store and one paid by card, a card order awaiting
 * payment, a UPI payment in processing) and sends each through its real route. After every move, the moves the
 * screens would offer (movesFor over the order as the API answers it) must equal the rules in words
 * (order-process-in-words.ts, kept apart from the tables), and the server must accept exactly the offered ones: a
 * 200 that moves the order, or a 409 naming the order's kind and its moves (a webhook or the clock changes nothing).
 * A pickup order's hand-over goes through its own route with the code its shopper is shown; its clock is its own job,
 * queued with the move to ready and run by the job queue's worker once its days have passed.
 */

const PRICE = 100;

/** What the test believes of one order: its kind and where it stands. */
interface ModelOrder {
  kind: OrderKind;
  stage: LifecycleStage;
  /** What it becomes once its card payment places it. */
  placedAs?: OrderKind;
}

/** One order in the real shop, and the shopper and session it belongs to. */
interface RealOrder {
  orderId: string;
  token: string;
  sessionId: string | null;
  storeId: string | null;
}

interface World {
  model: ModelOrder[];
  real: RealOrder[];
}

/** What each actor can ask for through its route: the shopper and the timer only cancel, the payment also places or marks processing. */
const ASKS: Record<OrderActor, readonly OrderMoveTo[]> = {
  customer: ['CANCELLED'],
  admin: ORDER_STAGES,
  store: ORDER_STAGES,
  payment: ['PLACED', 'PAYMENT_PROCESSING', 'CANCELLED'],
  timer: ['CANCELLED'],
};

/** How each order of a run starts: a kind, and for a pickup the card payment that will place it. */
type Start = OrderKind | 'cardPickup';
const STARTS: readonly Start[] = ['courier', 'express', 'pickup', 'cardPickup', 'awaitingCard', 'upiProcessing'];
const DAY_MS = 86_400_000;

describe.each(PORTABLE_DB_KINDS)('the order process, model-based, on %s', (kind) => {
  let s: StripeShop;
  let product: { _id: string };
  let store: { id: string; name: string };

  beforeAll(async () => {
    s = await startStripeShop(kind, { STRIPE_PAYMENT_METHODS: 'card, upi', HOLD_LIMIT_UNITS: '1000000' });
    product = await addProduct(s.t, s.admin, s.shop, { price: PRICE, stock: 100_000 });
    store = await openStore(s.t, { pincode: '560034', serves: ['560047'], minutes: 15 });
    await stockStore(s.t, store.id, product._id, 100_000);
  });
  afterAll(() => s?.close());

  /** The order as its shopper's list answers it: what the screens read. */
  async function wire(o: RealOrder): Promise<Order> {
    const res = await api(s.t).get('/api/order/order-list').set(bearer(o.token));
    const found = (res.body.data as Order[]).find((x) => x.orderId === o.orderId);
    if (!found) throw new Error(`order ${o.orderId} not listed: ${res.status}`);
    return found;
  }

  // A cash-on-delivery order has no session of its own: its events carry one it never had, as Stripe's always carry an
  // id (an event without one is malformed and refused with 400 before it is read, docs/product.md#rules-and-limits).
  const session = (o: RealOrder, payment_status: string) => ({
    id: o.sessionId ?? `cs_test_not_${o.orderId}`,
    metadata: { orderId: o.orderId },
    payment_status,
    amount_total: PRICE * 100,
    payment_intent: `pi_${o.orderId}`,
  });

  /** A fresh order of a starting kind, placed as a shopper places it (each its own shopper: one card payment waits per account). */
  async function place(start: Start): Promise<RealOrder> {
    const c = await newCustomer(s.t, 'Model shopper');
    if (start === 'pickup' || start === 'cardPickup') {
      const body = { list_items: [line(product, 1)], pickup: { storeId: store.id }, subTotalAmt: PRICE, totalAmt: PRICE };
      const res = await api(s.t)
        .post(start === 'pickup' ? '/api/order/cash-on-delivery' : '/api/order/checkout')
        .set(bearer(c.token))
        .send(body);
      if (res.status !== 201) throw new Error(`pickup ${res.status} ${JSON.stringify(res.body)}`);
      const card = start === 'cardPickup';
      return { orderId: card ? res.body.data.orderId : res.body.data._id, token: c.token, sessionId: card ? res.body.id : null, storeId: store.id };
    }
    const express = start === 'express';
    const addressId = await addAddress(s.t, c.id, express ? { pincode: '560047', city: 'Bengaluru', state: 'Karnataka' } : {});
    const body = { list_items: [line(product, 1)], addressId, subTotalAmt: PRICE, totalAmt: PRICE };
    if (start === 'courier' || express) {
      const promise = express ? { promise: { kind: 'express', minutes: 15, store: { _id: store.id, name: store.name } } } : {};
      const res = await api(s.t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(c.token))
        .send({ ...body, ...promise });
      if (res.status !== 201) throw new Error(`cash-on-delivery ${res.status} ${JSON.stringify(res.body)}`);
      return { orderId: res.body.data._id, token: c.token, sessionId: null, storeId: express ? store.id : null };
    }
    const res = await api(s.t).post('/api/order/checkout').set(bearer(c.token)).send(body);
    if (res.status !== 201) throw new Error(`checkout ${res.status} ${JSON.stringify(res.body)}`);
    const real = { orderId: res.body.data.orderId as string, token: c.token, sessionId: res.body.id as string, storeId: null };
    if (start === 'upiProcessing') await postWebhook(s.t, signedEvent('checkout.session.completed', session(real, 'unpaid')));
    return real;
  }

  /** The Stripe event that asks for this move. */
  function eventFor(to: OrderMoveTo, actor: OrderActor, model: ModelOrder): [string, string] {
    if (actor === 'timer') return ['checkout.session.expired', 'unpaid'];
    if (to === 'PAYMENT_PROCESSING') return ['checkout.session.completed', 'unpaid'];
    if (to === 'CANCELLED') return ['checkout.session.async_payment_failed', 'unpaid'];
    return [model.kind === 'upiProcessing' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed', 'paid'];
  }

  /** Asks for the move through the actor's own route; answers whether the server made it. */
  async function ask(o: RealOrder, model: ModelOrder, actor: OrderActor, to: OrderMoveTo, before: Order): Promise<boolean> {
    // A pickup order's clock: its job, run by the job queue once the order has waited ready its 3 days (and a minute).
    if (actor === 'timer' && model.kind === 'pickup') {
      await pickupClockRuns(s.t, o.orderId, 3 * DAY_MS + 60_000);
      return (await wire(o)).statusHistory.length !== before.statusHistory.length;
    }
    // The hand-over at the counter, with the code the shopper is shown (none before it is ready).
    if ((actor === 'admin' || actor === 'store') && to === 'DELIVERED' && model.kind === 'pickup') {
      const code = before.pickup?.code ?? '0000';
      const res = await api(s.t)
        .post('/api/store/queue/hand-over')
        .set(bearer(s.admin))
        .send({ orderId: o.orderId, code, ...(actor === 'store' ? { storeId: store.id } : {}) });
      if (res.status === 200) return true;
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ kind: model.kind, moves: movesFor(factsOfOrder(before), actor).map((m) => m.to) });
      return false;
    }
    if (actor === 'payment' || actor === 'timer') {
      const [type, paid] = eventFor(to, actor, model);
      expect((await postWebhook(s.t, signedEvent(type, session(o, paid)))).status).toBe(200);
      const after = await wire(o);
      return (
        after.payment_status !== before.payment_status ||
        after.statusHistory.length !== before.statusHistory.length ||
        after.payment_processing !== before.payment_processing
      );
    }
    const res =
      actor === 'customer'
        ? await api(s.t).post('/api/order/cancel').set(bearer(o.token)).send({ orderId: o.orderId })
        : actor === 'admin'
          ? await api(s.t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: o.orderId, status: to })
          : await api(s.t).post('/api/store/queue/move').set(bearer(s.admin)).send({ storeId: store.id, orderId: o.orderId, status: to });
    if (res.status === 200) return true;
    if (actor === 'store' && o.storeId === null) expect(res.status).toBe(404);
    else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ kind: model.kind, moves: movesFor(factsOfOrder(before), actor).map((m) => m.to) });
    }
    return false;
  }

  /** What the rules in words say the order becomes after a move the server made. */
  function advance(model: ModelOrder, to: OrderMoveTo): ModelOrder {
    if (to === 'PAYMENT_PROCESSING') return { ...model, kind: 'upiProcessing', stage: null };
    // A card order once paid is fulfilled as it was placed: by courier (the model's card orders go to the warehouse's
    // addresses), or picked up.
    const unplaced = model.kind === 'awaitingCard' || model.kind === 'upiProcessing';
    return { kind: unplaced ? (model.placedAs ?? 'courier') : model.kind, stage: to };
  }

  class Move implements fc.AsyncCommand<World, World> {
    constructor(
      readonly index: number,
      readonly actor: OrderActor,
      readonly pick: number,
    ) {}
    check = () => true;
    async run(world: World): Promise<void> {
      const model = world.model[this.index % world.model.length]!;
      const real = world.real[this.index % world.real.length]!;
      const before = await wire(real);
      expect(kindOf(factsOfOrder(before))).toBe(model.kind);
      // The screens' offer, per actor, equals the rules in words.
      for (const actor of ORDER_ACTORS) {
        const offered = movesFor(factsOfOrder(before), actor).map((m) => m.to);
        expect({ actor, moves: [...offered].sort() }).toEqual({
          actor,
          moves: expectedMoves(model.kind, model.stage, actor)
            .map((m) => m.to)
            .sort(),
        });
      }
      const asks = ASKS[this.actor];
      const offered = movesFor(factsOfOrder(before), this.actor)
        .map((m) => m.to)
        .filter((to) => asks.includes(to));
      // Two draws in three ask for an offered move (when there is one), the rest for anything the route can carry.
      const to = offered.length && this.pick % 3 !== 0 ? offered[this.pick % offered.length]! : asks[this.pick % asks.length]!;
      const accepted = await ask(real, model, this.actor, to, before);
      expect({ to, by: this.actor, accepted }).toEqual({ to, by: this.actor, accepted: offered.includes(to) });
      if (accepted) world.model[this.index % world.model.length] = advance(model, to);
    }
    toString = () => `move(order ${this.index}, ${this.actor}, pick ${this.pick})`;
  }

  /**
   * Who asks, weighted so orders live long enough to reach their later moves (a shopper's cancel or a card's failure
   * ends one): the admin and the store queue most, the shopper and the clock least.
   */
  const ACTOR = fc.oneof(
    { arbitrary: fc.constantFrom<OrderActor>('admin', 'store'), weight: 6 },
    { arbitrary: fc.constant<OrderActor>('payment'), weight: 2 },
    { arbitrary: fc.constantFrom<OrderActor>('customer', 'timer'), weight: 2 },
  );

  it('offers on screen exactly the moves the server accepts, for every actor on every kind', async () => {
    const moves = fc.commands([fc.tuple(fc.nat(STARTS.length - 1), ACTOR, fc.nat(20)).map(([i, actor, pick]) => new Move(i, actor, pick))], {
      maxCommands: 20,
      // Runs as long as maxCommands allow: an order reaches its later moves (the hand-over, the clock) only after its first.
      size: 'max',
    });
    await fc.assert(
      fc.asyncProperty(moves, async (commands) => {
        const real = await Promise.all(STARTS.map((start) => place(start)));
        const world: World = { model: STARTS.map(modelOf), real };
        await fc.asyncModelRun(() => ({ model: world, real: world }), commands);
      }),
      { numRuns: 10 },
    );
  }, 600_000);

  /** What the model believes of a fresh order. */
  function modelOf(start: Start): ModelOrder {
    if (start === 'cardPickup') return { kind: 'awaitingCard', stage: null, placedAs: 'pickup' };
    return { kind: start, stage: start === 'courier' || start === 'express' || start === 'pickup' ? 'PLACED' : null };
  }

  it('refuses a store order its courier moves, in English and Hindi, naming its kind and its moves', async () => {
    const o = await place('express');
    const res = await api(s.t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: o.orderId, status: 'SHIPPED' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'STAGE_NOT_ALLOWED',
      kind: 'express',
      moves: ['CONFIRMED', 'PACKED', 'AGENT_ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED'],
    });
    expect(res.body.message).toBe(
      `Order ${o.orderId} is a store's express order, which never moves to SHIPPED; its moves now: CONFIRMED, PACKED, AGENT_ASSIGNED, OUT_FOR_DELIVERY, DELIVERED, CANCELLED.`,
    );
    const hindi = await api(s.t)
      .post('/api/order/admin/update-status')
      .set(bearer(s.admin))
      .set('accept-language', 'hi-IN')
      .send({ orderId: o.orderId, status: 'SHIPPED' });
    expect(hindi.body.message).toContain('स्टोर का एक्सप्रेस ऑर्डर');
    expect(hindi.body.message).toContain('अभी इसके चरण: CONFIRMED, PACKED');
    const courier = await place('courier');
    const packed = await api(s.t).post('/api/order/admin/update-status').set(bearer(s.admin)).send({ orderId: courier.orderId, status: 'PACKED' });
    expect(packed.body).toMatchObject({ code: 'STAGE_NOT_ALLOWED', kind: 'courier' });
    expect(packed.body.message).toContain('a courier order from the warehouse, which never moves to PACKED');
  });
});
