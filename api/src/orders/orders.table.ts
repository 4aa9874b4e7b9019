import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderStage, PaymentStatus, StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import type { OrderAddress, OrderChannel, PaymentMethod } from '@haat/shared/orders/order.types';
import { users } from '../users/users.table.js';
import { products } from '../catalog/products.table.js';
import { productVariants } from '../inventory/inventory.table.js';
import { coupons } from '../promotions/coupons.table.js';
import { stores } from '../stores/stores.table.js';
import type { DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import type { StoredFulfilment } from '@haat/shared/orders/fulfilment-process';

/**
 * One row per order. The id is the short readable order number (HT + 8 base32 characters).
 * The delivery address is a copy, so editing or disabling an address never rewrites history.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    /** The furthest stage reached; null while a card payment is awaited. */
    status: text('status').$type<OrderStage>(),
    statusHistory: jsonb('status_history').$type<StatusHistoryEntry[]>().notNull().default([]),
    subTotalAmt: numeric('sub_total_amt', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    totalAmt: numeric('total_amt', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The coupon applied (its code as typed is kept: the coupon may change later) and what it took off the subtotal. */
    couponId: text('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    discountAmt: numeric('discount_amt', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull(),
    /** Units this order counts against its account's hold (see accountHolds); 0 once paid, shipped, cancelled or expired. */
    heldUnits: integer('held_units').notNull().default(0),
    deliveryAddress: jsonb('delivery_address').$type<OrderAddress>().notNull(),
    /** The client's Idempotency-Key: the same key from the same user answers this order again. */
    idempotencyKey: text('idempotency_key'),
    /** What the keyed request asked for (orderFingerprint): the same key with another body is refused. Null before it was kept. */
    requestHash: text('request_hash'),
    stripeSessionId: text('stripe_session_id'),
    /** Stripe said the session completed with the payment still to come (a UPI app to approve it): the shopper is told to wait (docs/decisions/0051-card-payments-and-refunds.md). */
    paymentProcessingAt: timestamp('payment_processing_at', { withTimezone: true, mode: 'date' }),
    stripeSessionUrl: text('stripe_session_url'),
    /** The card payment behind a paid order, kept so a cancellation can refund it. */
    stripePaymentIntent: text('stripe_payment_intent'),
    /** Set once Stripe has accepted the refund of a cancelled paid order. */
    stripeRefundId: text('stripe_refund_id'),
    /**
     * How it is fulfilled (shared/orders/fulfilment-process.ts): sent by a dark store from its own shelves (`storeId`),
     * by the national warehouse by courier, or picked up by the shopper at a store (`storeId`).
     */
    fulfilment: text('fulfilment').$type<StoredFulfilment>().notNull().default('warehouse'),
    storeId: text('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** The promise the shopper was shown and ordered under (shared/addresses/delivery-promise.ts); null on orders placed before promises were kept. */
    promise: jsonb('promise').$type<DeliveryPromise>(),
    /**
     * A pickup order made ready: the salt its 4-digit code is derived from with the API's key (lifecycle/pickup-code.ts),
     * so the table never holds the code. Null until it is ready.
     */
    pickupCodeSalt: text('pickup_code_salt'),
    /** Wrong codes given at its hand-over since the last lock; at 5 the hand-over locks until the shop's next day. */
    pickupWrongCodes: integer('pickup_wrong_codes').notNull().default(0),
    pickupLockedUntil: timestamp('pickup_locked_until', { withTimezone: true, mode: 'date' }),
    /** Where the order came from when not the shop's own PWA: a buyer app on ONDC and its order id there (docs/product.md#selling-on-ondc). */
    channel: jsonb('channel').$type<OrderChannel>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A network order is placed once: its buyer app's order id is the shop's one order (a repeated confirm finds it).
    uniqueIndex('orders_network_order')
      .on(sql`(${t.channel} ->> 'buyerApp')`, sql`(${t.channel} ->> 'networkOrderId')`)
      .where(sql`${t.channel} is not null`),
    check('orders_fulfilment', sql`(${t.fulfilment} = 'warehouse' and ${t.storeId} is null) or (${t.fulfilment} in ('store', 'pickup'))`),
    // A store's queue: its open orders, oldest first.
    index('orders_store_queue_idx')
      .on(t.storeId, t.createdAt)
      .where(sql`${t.storeId} is not null`),
    uniqueIndex('orders_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // One card payment waits at a time per account, kept by the database under any race: a second order
    // awaiting payment fails its statement, stock and all (docs/decisions/0213-one-card-payment-waits-per-account.md).
    uniqueIndex('orders_one_awaiting_payment')
      .on(t.userId)
      .where(sql`${t.paymentStatus} = 'AWAITING_PAYMENT'`),
    uniqueIndex('orders_stripe_session_key')
      .on(t.stripeSessionId)
      .where(sql`${t.stripeSessionId} is not null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The overview's "orders waiting per stage": counted from this small index alone, not by reading
    // every order (docs/architecture.md#caches-batches-pools-and-plans).
    index('orders_waiting_idx')
      .on(t.status)
      .where(
        sql`${t.status} in ('PLACED', 'CONFIRMED', 'PACKED', 'READY_FOR_PICKUP', 'AGENT_ASSIGNED', 'SHIPPED', 'OUT_FOR_DELIVERY') and ${t.paymentStatus} <> 'CANCELLED'`,
      ),
  ],
);

/** The products of an order, each with the price it was bought at and a copy of its name and images. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the copied name and images keep the order readable. */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    /** The option bought (a product_variants row) and a copy of its name; null without options, or once the option is deleted. */
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    variantName: text('variant_name'),
    name: text('name').notNull(),
    image: text('image')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unit: text('unit').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    subTotalAmt: numeric('sub_total_amt', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), index('order_lines_product_idx').on(t.productId)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * When each admin last opened Manage Orders: the New Orders badge counts the orders
 * placed after it. Kept on the server, so it survives reloads and is the same on every device of that admin.
 */
export const adminOrderViews = pgTable('admin_order_views', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
});
