import { Inject, Injectable } from '@nestjs/common';
import type { PlaceOrderInput } from '@haat/shared/orders/order.schema';
import type { OrderChannel, PaymentMethod } from '@haat/shared/orders/order.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { DB, STATEMENT, type Db, type NamedStatement } from '../db/database.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ErrorCode } from '@haat/shared/common/error-code';
import { LIMITS } from '@haat/shared/common/limits';
import { isHoldLimitViolation, unitsHeldBy } from '../inventory/index.js';
import { AppError, notFound } from '../common/app-error.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { newId } from '../common/ids.js';
import { activeAddressesOf, refuseUnserved, type AddressRow } from '../addresses/index.js';
import type DataLoader from 'dataloader';
import { batchedReads } from '../common/batched-reads.js';
import type { OrderLineRow, OrderRow } from './orders.table.js';
import { OrderBatcher } from './order-batch.js';
import { newOrderId } from './order-id.js';
import { idempotencyKeyReused, orderFingerprint } from './order-fingerprint.js';
import {
  assertClientTotal,
  currentTotals,
  priceChanged,
  priceOrder,
  withCoupon,
  type OrderItem,
  type PricedOrder,
  type SaleableProduct,
} from './order-pricing.js';
import type { HoldCaps } from './order-statement.js';
import { isAccountVerified } from '../users/index.js';
import { pendingCardOrderOf } from './orders.repository.js';
import { couponByCode, couponLimitViolated, couponUsesBy, type CouponRow } from '../promotions/index.js';
import { couponDiscount, type CouponRefusal } from '@haat/shared/promotions/coupon.rules';
import type { CurrentTotals } from '@haat/shared/orders/order.types';
import { outOfStock } from '../catalog/index.js';
import { loadSaleable, shortOfStock } from './order-stock.js';
import { copyAddress } from './order-wire.js';
import { OrderLifecycle } from './lifecycle/order-lifecycle.service.js';
import { initialState } from './lifecycle/initial-state.js';
import { OrderReader } from './order-reader.js';
import { SearchService } from '../search/index.js';
import { DeliveryPromises, type PromiseDecision } from '../delivery/index.js';
import type { PickupStore } from '@haat/shared/orders/order.types';
import { pickupAt, pickupStores, type Destination } from './order-destination.js';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';

export interface Placed {
  order: OrderRow;
  /** The lines just written (absent for a replayed order: read them again). */
  lines?: OrderLineRow[];
  /** False when an Idempotency-Key matched an earlier order: that order is answered again. */
  created: boolean;
}

/**
 * Placing an order is a short chain: check the address and price from our own rows (in parallel)
 * and compare with what the shopper saw → one statement that takes the stock conditionally first
 * and only then writes the order and clears the ordered cart lines → tell the listeners. A retried
 * key is answered with its first order (looked up only when placing did not go through).
 */
@Injectable()
export class OrderPlacementService {
  private readonly batcher: OrderBatcher;
  /** Units one account may hold in unpaid orders, and while its e-mail is not verified. */
  private readonly holdCaps: HoldCaps;
  /**
   * Address reads of orders arriving together go as one query (a flash sale's 2,000 shoppers: a few
   * queries, not 2,000; see batchedReads). No cache: each order reads its address as it is now.
   */
  private readonly addresses: DataLoader<{ userId: string; addressId: string }, AddressRow | undefined>;
  /** Idempotency-Key lookups of orders that did not go through, batched the same way. */
  private readonly replays: DataLoader<{ userId: string; key: string }, OrderRow | undefined>;

  constructor(
    @Inject(STATEMENT) private readonly statement: NamedStatement,
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) config: AppConfig,
    reader: OrderReader,
    private readonly lifecycle: OrderLifecycle,
    private readonly search: SearchService,
    private readonly promises: DeliveryPromises,
  ) {
    this.holdCaps = { cap: config.holdLimitUnits, unverifiedCap: config.unverifiedHoldLimitUnits };
    this.batcher = new OrderBatcher(statement, this.holdCaps);
    this.addresses = batchedReads((wanted) => activeAddressesOf(statement, wanted));
    this.replays = batchedReads((wanted) => reader.byIdempotencyKeys(wanted));
  }

  /** `channel`: the order came from a buyer app on ONDC (docs/product.md#selling-on-ondc), recorded on the order. */
  async place(userId: string, input: PlaceOrderInput, method: PaymentMethod, idempotencyKey?: string, channel: OrderChannel | null = null): Promise<Placed> {
    const requestHash = idempotencyKey ? orderFingerprint(method, input) : null;
    try {
      return await this.placeOnce(userId, input, method, idempotencyKey, requestHash, channel);
    } catch (error) {
      // A key seen before is answered with its order whatever happened since (stock sold out, prices
      // moved). Looked up only when placing did not go through: the common first try saves the query.
      if (idempotencyKey && (error instanceof AppError || isUniqueViolation(error))) {
        const first = await this.replays.load({ userId, key: idempotencyKey });
        if (first) return replayOf(first, requestHash);
      }
      throw error;
    }
  }

  private async placeOnce(
    userId: string,
    input: PlaceOrderInput,
    method: PaymentMethod,
    idempotencyKey: string | undefined,
    requestHash: string | null,
    channel: OrderChannel | null,
  ): Promise<Placed> {
    const items = mergeLines(input.items);
    const [destination, saleable] = await Promise.all([
      this.destinationOf(userId, input, items),
      loadSaleable(
        this.statement,
        items.map((i) => i.productId),
      ),
    ]);
    const coupon = input.couponCode ? await this.couponFor(input.couponCode, userId) : undefined;
    const priced = discounted(priceOrder(items, saleable), coupon, new Date());
    assertClientTotal(input.totalAmt, priced);
    if (method === 'CARD') assertCardPayable(priced);
    assertWithinLimits(items, saleable);
    if (priced.quantity > this.holdCaps.cap) throw holdLimit(priced.quantity, 0, this.holdCaps.cap, this.holdCaps);
    // Cheap early answer for what is plainly short in the warehouse; the statement's conditional update decides.
    // An express or pickup order's units come from its store's shelves, which have just been looked at.
    if (destination.storeId === null) {
      const short = shortOfStock(items, saleable);
      if (short) throw outOfStock(short.left, short.wanted);
    }

    // A fresh id collides about once in 10^12 orders; a few tries are plenty.
    for (let attempt = 0; attempt < 3; attempt++) {
      const written = await this.write(newOrderId(), userId, method, priced, destination, { idempotencyKey, requestHash, channel }, items, coupon);
      if (written) {
        const { row, lines } = written;
        // The warehouse stock shown for these products changed: only their cached answers go, on every instance.
        // A store's shelves are not in those answers (the promise reads them as they are).
        if (destination.storeId === null)
          await this.search.productsChanged(
            items.map((i) => i.productId),
            'stock',
          );
        if (method !== 'CARD') this.lifecycle.announcePlaced(row);
        return { order: row, lines, created: true };
      }
    }
    throw new Error('Could not allocate an order number');
  }

  /**
   * One statement (see placeOrders): take the stock, write the order and its lines, clear
   * the ordered cart lines. Null when the new order number was taken (nothing was written). A
   * concurrent retry with the same key waits on the key's unique index and then fails with a unique
   * violation, which undoes its whole statement, stock included: `place` answers the first order.
   */
  private async write(
    id: string,
    userId: string,
    method: PaymentMethod,
    priced: PricedOrder,
    destination: Destination,
    { idempotencyKey, requestHash, channel }: { idempotencyKey: string | undefined; requestHash: string | null; channel: OrderChannel | null },
    items: OrderItem[],
    coupon: CouponRow | undefined,
  ): Promise<{ row: OrderRow; lines: OrderLineRow[] } | null> {
    const now = new Date();
    const { deliveryAddress, promise } = destination;
    // Cash on delivery and a buyer app's prepaid order are placed when written; a card order when its payment arrives.
    const placedNow = method !== 'CARD';
    const row: OrderRow = {
      id,
      userId,
      paymentMethod: method,
      ...initialState(method, now),
      subTotalAmt: priced.subTotalAmt,
      totalAmt: priced.totalAmt,
      couponId: coupon?.id ?? null,
      couponCode: priced.couponCode,
      discountAmt: priced.discountAmt,
      quantity: priced.quantity,
      // An unpaid order (cash on delivery, or a card payment awaited) counts against the account's hold; one a buyer
      // app collected is paid.
      heldUnits: method === 'NETWORK' ? 0 : priced.quantity,
      deliveryAddress,
      idempotencyKey: idempotencyKey ?? null,
      fulfilment: destination.fulfilment,
      storeId: destination.storeId,
      promise,
      pickupCodeSalt: null,
      pickupWrongCodes: 0,
      pickupLockedUntil: null,
      requestHash,
      stripeSessionId: null,
      stripeSessionUrl: null,
      stripePaymentIntent: null,
      stripeRefundId: null,
      channel,
      createdAt: now,
      updatedAt: now,
    };
    const lines: OrderLineRow[] = priced.lines.map((line, position) => ({
      id: newId(),
      orderId: id,
      productId: line.productId,
      variantId: line.variantId,
      variantName: line.variantName,
      position,
      name: line.name,
      image: line.image,
      unit: line.unit,
      quantity: line.quantity,
      price: line.price,
      discount: line.discount,
      unitPrice: line.unitPrice,
      subTotalAmt: line.subTotalAmt,
    }));
    let placed: boolean;
    try {
      // Card orders keep the cart until the payment succeeds: a shopper who backs out of Stripe still has it.
      placed = await this.batcher.place({
        row,
        lines,
        clearCart: placedNow,
        // A cash order is placed when written: what it brings is queued in the same statement (a card order's, when paid).
        ...(placedNow ? { notices: this.lifecycle.noticesOfPlaced(row) } : {}),
        ...(coupon ? { coupon: { id: coupon.id, perAccountUses: coupon.perAccountUses } } : {}),
      });
    } catch (error) {
      if (isUniqueViolation(error) && constraintOf(error) === 'orders_pkey') return null;
      // Another card order of this account awaits its payment: the database's index decided, whatever raced
      // (docs/decisions/0213-one-card-payment-waits-per-account.md). Read after it committed, to name it.
      if (isUniqueViolation(error) && constraintOf(error) === ONE_AWAITING_PAYMENT) throw checkoutPending(await pendingCardOrderOf(this.db, userId));
      const couponLimit = couponLimitViolated(error);
      if (couponLimit && coupon) throw couponLimitReached(coupon, couponLimit);
      // Orders of the same account placed together passed the hold between the check above and the write.
      if (isHoldLimitViolation(error)) {
        const [held, verified] = await Promise.all([unitsHeldBy(this.db, userId), isAccountVerified(this.db, userId)]);
        throw holdLimit(priced.quantity, held, verified ? this.holdCaps.cap : this.holdCaps.unverifiedCap, this.holdCaps);
      }
      throw error;
    }
    if (placed) return { row, lines };
    // Nothing was written: say why from the rows as they are now. An express order the store's shelves no
    // longer fill gets the promise it would have now, before anything is written (docs/product.md#delivery).
    if (promise?.kind === 'express') {
      const { promise: now } = await this.promises.promiseFor(deliveryAddress, items, 'order');
      if (now.kind !== 'express') throw promiseChanged(promise, now);
    }
    if (destination.fulfilment === 'pickup') await pickupAt(this.db, this.statement, userId, destination.storeId!, items);
    const now2 = await loadSaleable(
      this.statement,
      items.map((i) => i.productId),
    );
    const shortNow = shortOfStock(items, now2);
    if (shortNow) throw outOfStock(shortNow.left, shortNow.wanted);
    throw priceChanged(discounted(priceOrder(items, now2), coupon, new Date()));
  }

  /**
   * The coupon a shopper typed, or 422 COUPON_UNKNOWN; whether it applies to this order is the rule's (discounted).
   * Outside its dates a coupon is news only to an account that has used it: to any other it is "not valid", a
   * guess like any wrong code, so its dates tell a guesser nothing (docs/product.md#coupons).
   */
  private async couponFor(code: string, userId: string): Promise<CouponRow> {
    const coupon = await couponByCode(this.db, code);
    if (!coupon) throw couponRefused(code, { reason: 'unknown' });
    const now = new Date();
    if ((now < coupon.startsAt || now >= coupon.endsAt) && (await couponUsesBy(this.db, coupon.id, userId)) === 0)
      throw couponRefused(code, { reason: 'unknown' });
    return coupon;
  }

  /**
   * What the checkout page shows before placing: these lines priced as an order would be, with the
   * coupon's discount, or the coupon's refusal (docs/product.md#coupons). Nothing is held or taken.
   */
  async preview(userId: string, input: { items: OrderItem[]; couponCode: string }): Promise<CurrentTotals> {
    const items = mergeLines(input.items);
    const [coupon, saleable] = await Promise.all([
      this.couponFor(input.couponCode, userId),
      loadSaleable(
        this.statement,
        items.map((i) => i.productId),
      ),
    ]);
    for (const item of items) if (!saleable.has(item.productId)) throw notFound('Product');
    const totals = currentTotals(discounted(priceOrder(items, saleable), coupon, new Date()));
    // The uses the order's statement would refuse, refused now with its codes: the checkout never shows a
    // discount the order will not give. The statement still decides for orders racing for the last use.
    if (coupon.totalUses !== null && coupon.used >= coupon.totalUses) throw couponLimitReached(coupon, 'total');
    if (coupon.perAccountUses !== null && (await couponUsesBy(this.db, coupon.id, userId)) >= coupon.perAccountUses)
      throw couponLimitReached(coupon, 'account');
    return totals;
  }

  /** The open stores that hold every line now, by name: where the checkout offers "Pick up at <store>". */
  pickupStores(input: { items: OrderItem[] }): Promise<PickupStore[]> {
    return pickupStores(this.db, this.statement, mergeLines(input.items));
  }

  /**
   * Where the order goes and how (docs/product.md#delivery, #store-pickup): to the shopper's own address under the
   * promise the rule gives it now, or picked up at a store that is open and holds every line.
   */
  private async destinationOf(userId: string, input: PlaceOrderInput, items: OrderItem[]): Promise<Destination> {
    if (input.pickup) return pickupAt(this.db, this.statement, userId, input.pickup.storeId, items);
    const address = await this.ownAddress(userId, input.addressId ?? '');
    const promise = promiseToKeep(input.promise, await this.promises.promiseFor(address, items, 'order'));
    return {
      deliveryAddress: copyAddress(address),
      promise,
      fulfilment: promise.kind === 'express' ? 'store' : 'warehouse',
      storeId: promise.kind === 'express' ? promise.store._id : null,
    };
  }

  private async ownAddress(userId: string, addressId: string) {
    const row = await this.addresses.load({ userId, addressId });
    if (!row) throw notFound('Address');
    // An address saved before its place left the delivery zones (or before they were checked) orders nothing there.
    refuseUnserved(row, 'order');
    return row;
  }
}

/**
 * The promise an order is placed under (docs/product.md#delivery): the one the rule gives now, except that a
 * shopper shown the courier gets the courier (the promise they saw is what the order records), and a shopper
 * shown a store's express promise it can no longer keep is told the new one before anything is written.
 */
function promiseToKeep(shown: DeliveryPromise | undefined, decided: PromiseDecision): DeliveryPromise {
  if (shown?.kind === 'courier') return decided.courier;
  if (shown?.kind === 'express' && decided.promise.kind !== 'express') throw promiseChanged(shown, decided.promise);
  return decided.promise;
}

/** 409 PROMISE_CHANGED: the store's express promise the shopper was shown cannot be kept now; `promise` is the one they get. */
function promiseChanged(shown: Extract<DeliveryPromise, { kind: 'express' }>, now: DeliveryPromise): AppError {
  const message =
    now.kind === 'courier'
      ? `${shown.store.name} can no longer deliver this order in ${shown.minutes} minutes; it can come by courier by ${now.date}. Please check and place it again.`
      : `${shown.store.name} can no longer deliver this order in ${shown.minutes} minutes. Please check and place it again.`;
  return new AppError(409, ErrorCode.PromiseChanged, message, { promise: now });
}

/** The order priced with the coupon's discount, or the coupon's refusal as a 4xx naming why. */
function discounted(priced: PricedOrder, coupon: CouponRow | undefined, at: Date): PricedOrder {
  if (!coupon) return priced;
  const outcome = couponDiscount(coupon, priced.subTotalAmt, at);
  if ('reason' in outcome) throw couponRefused(coupon.code, outcome);
  return withCoupon(priced, coupon.code, outcome.discount);
}

function couponRefused(code: string, refusal: CouponRefusal): AppError {
  switch (refusal.reason) {
    case 'unknown':
      return new AppError(422, ErrorCode.CouponUnknown, `The coupon ${code} is not valid.`, { fields: ['couponCode'] });
    case 'not-started':
      return new AppError(422, ErrorCode.CouponNotStarted, `The coupon ${code} starts on ${refusal.startsAt.toISOString().slice(0, 10)}.`, {
        fields: ['couponCode'],
        startsAt: refusal.startsAt.toISOString(),
      });
    case 'expired':
      return new AppError(422, ErrorCode.CouponExpired, `The coupon ${code} has expired.`, { fields: ['couponCode'] });
    case 'min-order':
      return new AppError(422, ErrorCode.CouponMinOrder, `The coupon ${code} needs an order of at least ₹${refusal.minOrder}.`, {
        fields: ['couponCode'],
        minOrder: refusal.minOrder,
      });
  }
}

/**
 * A card payment the provider would refuse for its size (a coupon took the total under Stripe's minimum
 * charge) is refused before anything is held, naming the way to pay it (docs/product.md#coupons).
 */
function assertCardPayable(priced: PricedOrder): void {
  if (priced.totalAmt >= LIMITS.cardMinimumRupees) return;
  throw new AppError(
    422,
    ErrorCode.CardBelowMinimum,
    `Card payments start at ₹${LIMITS.cardMinimumRupees}; this order comes to ₹${priced.totalAmt}. Please choose Cash on Delivery.`,
    { minimum: LIMITS.cardMinimumRupees, totalAmt: priced.totalAmt },
  );
}

function couponLimitReached(coupon: CouponRow, limit: 'total' | 'account'): AppError {
  return limit === 'total'
    ? new AppError(409, ErrorCode.CouponUsedUp, `The coupon ${coupon.code} has been used up.`, { fields: ['couponCode'] })
    : new AppError(
        409,
        ErrorCode.CouponAccountLimit,
        `You have already used the coupon ${coupon.code} as often as one account may (${coupon.perAccountUses}).`,
        {
          fields: ['couponCode'],
          limit: coupon.perAccountUses,
        },
      );
}

/** The order an earlier request with this key placed, if this request is the same one (else 422). */
function replayOf(first: OrderRow, requestHash: string | null): Placed {
  if (first.requestHash && first.requestHash !== requestHash) throw idempotencyKeyReused();
  return { order: first, created: false };
}

/**
 * The purchase limits against hoarding: no line over its product's per-order figure, and no order
 * over the account's cap on its own. What the account already holds is checked by the order's
 * statement (exactly, even when orders of one account race), answered by holdLimit.
 */
function assertWithinLimits(items: readonly OrderItem[], products: ReadonlyMap<string, SaleableProduct>): void {
  for (const item of items) {
    const product = products.get(item.productId);
    const limit = product?.maxPerOrder;
    if (product && limit !== undefined && item.quantity > limit) {
      throw new AppError(422, ErrorCode.QuantityLimit, `You can buy at most ${limit} of ${product.name} in one order.`, {
        productId: item.productId,
        ...(item.variantId ? { variantId: item.variantId } : {}),
        limit,
        fields: ['quantity'],
      });
    }
  }
}

/**
 * 409 HOLD_LIMIT. An account held at the lower cap of an unverified e-mail is told the way out: verifying its
 * e-mail (My Profile sends the link) lifts its cap to the shop's (docs/product.md#rules-and-limits).
 */
function holdLimit(units: number, held: number, cap: number, caps: HoldCaps): AppError {
  const left = Math.max(cap - held, 0);
  const unverified = cap < caps.cap;
  const message = unverified
    ? `Until your e-mail is verified, your unpaid and undelivered orders may hold ${cap} items; they hold ${held}, so this order can have at most ${left}. Verify your e-mail on My Profile to hold up to ${caps.cap}.`
    : held > 0
      ? `Your unpaid and undelivered orders already hold ${held} items; one account may hold ${cap} at a time, so this order can have at most ${left}.`
      : `One order may hold at most ${cap} items until it is paid or delivered; this one has ${units}.`;
  return new AppError(409, ErrorCode.HoldLimit, message, { limit: cap, held, ...(unverified ? { verifyEmail: true, verifiedLimit: caps.cap } : {}) });
}

/** The unique index that lets one card order of an account await its payment (orders.table.ts). */
const ONE_AWAITING_PAYMENT = 'orders_one_awaiting_payment';

/**
 * 409 CHECKOUT_PENDING: a card order of this account already awaits its payment; the shopper finishes or
 * cancels it first. Names it and its payment page when known (it may have been settled in the meantime).
 */
export function checkoutPending(waiting: OrderRow | undefined, opts: { preparing?: boolean } = {}): AppError {
  return new AppError(
    409,
    ErrorCode.CheckoutPending,
    waiting && opts.preparing
      ? `Your earlier payment for order ${waiting.id} is still being prepared. Please try again in a couple of minutes.`
      : waiting
        ? `Your payment for order ${waiting.id} has not finished yet. Complete it, or cancel that order, before paying for another.`
        : 'Another payment of yours has not finished yet. Complete it, or cancel that order, before paying for another.',
    waiting ? { orderId: waiting.id, ...(waiting.stripeSessionUrl ? { url: waiting.stripeSessionUrl } : {}) } : {},
  );
}

/** The same product in the same variant twice in one list is one line with the quantities added. */
function mergeLines(items: ReadonlyArray<OrderItem>): OrderItem[] {
  const merged = new Map<string, OrderItem>();
  for (const item of items) {
    const key = cartLineKey(item.productId, item.variantId);
    const seen = merged.get(key);
    merged.set(key, { ...item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  return [...merged.values()];
}

/** The constraint a driver error names, wrapped by drizzle or not. */
function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | undefined;
  return e?.constraint ?? e?.cause?.constraint;
}
