import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../catalog/products.table.js';
import { users } from '../users/users.table.js';

/**
 * A pool of units on the shelf. `onHand` is what is physically there; `reserved` is what placed
 * orders hold and have not yet shipped. What a shopper may still buy is `onHand - reserved`. Kept
 * apart so that an admin counting the shelf (setting on-hand) can never erase a sale that has not
 * shipped yet. The check keeps every pool sellable-or-empty: a reservation never exceeds the shelf.
 */
export const inventoryLevels = pgTable(
  'inventory_levels',
  {
    id: text('id').primaryKey(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /**
     * What can still be sold: on-hand less reserved, kept by PostgreSQL. The one definition of
     * available-to-sell; every reader of stock reads this column (stock-reads.ts, available.ts).
     */
    available: integer('available')
      .notNull()
      .generatedAlwaysAs(sql`"on_hand" - "reserved"`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The product whose own unit (its default variant) sells from this pool; null for an option's
     * own pool. With `options`, a read model the inventory keeps beside its rows, in the same
     * transaction as they change: a product without options reads its stock from this one row
     * (docs/architecture.md#caches-batches-pools-and-plans).
     */
    productId: text('product_id'),
    /** How many options (non-default variant rows) that product has; 0 on an option's own pool. */
    options: integer('options').notNull().default(0),
    /** The dark store whose shelf this pool is (`store_units`, inventory/store-units.table.ts); null: the national warehouse. */
    storeId: text('store_id'),
  },
  (t) => [
    check('inventory_levels_reserved_within_on_hand', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    uniqueIndex('inventory_levels_product').on(t.productId),
  ],
);

/**
 * Every sellable unit of a product is a row here. A product without options has one default row
 * (`isDefault`), which the wire never lists; options an admin made are the other rows, in
 * `position` order. A row sells from its inventory level: an option with its own stock has a level
 * of its own, an option without shares the default row's level (one pool for the product).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    name: text('name').notNull().default(''),
    /** Null: the product's price. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    image: text('image')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An option's SKU (docs/product.md#catalogue-in-bulk); null on the default row, whose SKU is its product's. */
    sku: text('sku'),
    position: integer('position').notNull().default(0),
    inventoryLevelId: text('inventory_level_id')
      .notNull()
      .references(() => inventoryLevels.id),
  },
  (t) => [
    uniqueIndex('product_variants_one_default')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('product_variants_sku')
      .on(t.sku)
      .where(sql`${t.sku} is not null`),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_level_idx').on(t.inventoryLevelId),
  ],
);

export const STOCK_REASONS = ['order', 'cancel', 'expiry', 'fulfil', 'adjustment', 'initial', 'return', 'transfer', 'import'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * The stock ledger: every change of a level is one row, with why and on whose behalf. An order's
 * outstanding reservation is the sum of its rows, which is what makes release and fulfilment
 * idempotent: a second cancel finds nothing left to release.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The pool and the option moved (no foreign keys: history outlives them, as it outlives orders).
     * Every writer takes both from the rows it has just read or locked, so they name real rows when
     * written; a pool or option deleted later is simply not found again (settleOrderStock has
     * nothing to return to it). A key would cost every order a lock on its option's row.
     * stock_movements_level_idx (by pool) served a walk back through a pool's figures that bare stock
     * saves no longer make (docs/decisions/0208-bare-stock-figures.md); nothing reads it now.
     */
    inventoryLevelId: text('inventory_level_id'),
    variantId: text('variant_id'),
    reason: text('reason').$type<StockReason>().notNull(),
    onHandDelta: integer('on_hand_delta').notNull().default(0),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    /** The order behind an order, cancel, expiry or fulfil row (no foreign key: history outlives orders). */
    orderId: text('order_id'),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_reason', sql`${t.reason} in ('order', 'cancel', 'expiry', 'fulfil', 'adjustment', 'initial', 'return', 'transfer', 'import')`),
    index('stock_movements_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('stock_movements_level_idx').on(t.inventoryLevelId, t.id),
    // The moves of a window of time: what changed in stock alone (ONDC's incremental refresh, stock-reads.ts).
    index('stock_movements_created_idx').on(t.createdAt),
  ],
);

/**
 * Units each account holds in orders that are neither paid nor shipped (cash on delivery, and card
 * orders awaiting payment), against hoarding. `cap` travels with the row so the check enforces the
 * shop's current limit: a placement that would pass it fails as a whole, stock reservation included.
 */
export const accountHolds = pgTable(
  'account_holds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    cap: integer('cap').notNull(),
  },
  (t) => [check('account_holds_within_cap', sql`${t.units} >= 0 and ${t.units} <= ${t.cap}`)],
);
