import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from '../catalog/categories.table.js';
import { orders } from '../orders/orders.table.js';

/**
 * The shop's categories sold on ONDC (docs/product.md#selling-on-ondc): a category not here is not on the network.
 * Each maps to its ONDC retail domain and category id, and carries the terms its items are listed with.
 */
export const ondcCategories = pgTable(
  'ondc_categories',
  {
    categoryId: text('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** ONDC:RET10 grocery, RET12 fashion, RET13 beauty and personal care, RET14 electronics, RET16 home and kitchen, … */
    domain: text('domain').notNull(),
    /** ONDC's category id for the items (its taxonomy's words: "Snacks and Namkeen", "Earphone", …). */
    ondcCategory: text('ondc_category').notNull(),
    returnable: boolean('returnable').notNull().default(true),
    cancellable: boolean('cancellable').notNull().default(true),
    returnWindowDays: integer('return_window_days').notNull().default(7),
    /** From an order to its handing to the courier or rider (ONDC's time to ship). */
    timeToShipMinutes: integer('time_to_ship_minutes')
      .notNull()
      .default(24 * 60),
    cod: boolean('cod').notNull().default(true),
    /** Packaged goods' statutory details the items carry (Legal Metrology): who made or packed them, and where. */
    manufacturer: text('manufacturer').notNull().default(''),
    manufacturerAddress: text('manufacturer_address').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('ondc_categories_domain', sql`${t.domain} ~ '^ONDC:RET1[0-9A-Z]$'`),
    check('ondc_categories_windows', sql`${t.returnWindowDays} between 0 and 60 and ${t.timeToShipMinutes} between 10 and 14400`),
  ],
);

/**
 * Where the shop's locations are on the map, for the network's serviceability: a dark store by its id, the national
 * warehouse as 'warehouse'. A store without a position here is not listed on the network.
 */
export const ondcLocations = pgTable(
  'ondc_locations',
  {
    id: text('id').primaryKey(),
    /** "lat,lng" in degrees, as ONDC writes it. */
    gps: text('gps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('ondc_locations_gps', sql`${t.gps} ~ '^-?[0-9]{1,2}(\\.[0-9]+)?,-?[0-9]{1,3}(\\.[0-9]+)?$'`)],
);

/**
 * Buyer apps that asked for the catalogue's changes as they happen (an incremental search in push mode): each gets
 * an unsolicited on_search of what changed since `pushedUpTo`, until it says stop.
 */
export const ondcCatalogueWatches = pgTable('ondc_catalogue_watches', {
  /** `<bap_id>|<domain>|<city>`: one watch per buyer app, domain and city. */
  id: text('id').primaryKey(),
  bapId: text('bap_id').notNull(),
  bapUri: text('bap_uri').notNull(),
  domain: text('domain').notNull(),
  city: text('city').notNull(),
  transactionId: text('transaction_id').notNull(),
  /** Changes up to this time were pushed (or the watch began then). */
  pushedUpTo: timestamp('pushed_up_to', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * What the network knows of a shop's order placed from a buyer app: where its news goes (the buyer app, its
 * transaction) and what the buyer app sent with it (billing, the delivery end, the payment), echoed in every on_status.
 */
export const ondcOrders = pgTable(
  'ondc_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bapId: text('bap_id').notNull(),
    bapUri: text('bap_uri').notNull(),
    networkOrderId: text('network_order_id').notNull(),
    domain: text('domain').notNull(),
    city: text('city').notNull(),
    transactionId: text('transaction_id').notNull(),
    billing: jsonb('billing').notNull(),
    deliveryEnd: jsonb('delivery_end').notNull(),
    payment: jsonb('payment').notNull(),
    /** The order's lines by the buyer app's item ids (our SKUs), in the order's line order. */
    items: jsonb('items').$type<Array<{ id: string; productId: string; variantId: string | null }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ondc_orders_network').on(t.bapId, t.networkOrderId)],
);

/**
 * A return a buyer app asked for through `update` (docs/product.md#selling-on-ondc): the shop's own return (its id,
 * derived from the buyer app and its return id, so asking twice is one return) and the network's words for it.
 */
export const ondcReturns = pgTable(
  'ondc_returns',
  {
    returnId: text('return_id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bapId: text('bap_id').notNull(),
    /** The buyer app's id of the return (its return_request's `id`), also the Return fulfilment's id. */
    networkReturnId: text('network_return_id').notNull(),
    /** The returned item by the buyer app's id (our SKU), how many, and ONDC's return reason code. */
    itemId: text('item_id').notNull(),
    quantity: integer('quantity').notNull(),
    reasonId: text('reason_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ondc_returns_network').on(t.bapId, t.networkReturnId), index('ondc_returns_order').on(t.orderId)],
);

export type OndcOrderRow = typeof ondcOrders.$inferSelect;
export type OndcReturnRow = typeof ondcReturns.$inferSelect;
export type OndcCategoryRow = typeof ondcCategories.$inferSelect;
