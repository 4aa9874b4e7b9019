import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inventoryLevels, productVariants } from './inventory.table.js';

/**
 * A dark store: a small stock location that serves the pincodes around it within minutes, from its own shelves
 * (docs/product.md#delivery). Every other pincode is served by the national warehouse, the pools of
 * `inventory_levels` whose `store_id` is null. A closed store serves nothing and takes no order; its stock stays.
 */
export const stores = pgTable(
  'stores',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Building, street and locality, as the address formatter prints it. */
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    /** Minutes from an order placed to its delivery: the promise a served pincode is shown. */
    promiseMinutes: integer('promise_minutes').notNull(),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stores_promise_minutes', sql`${t.promiseMinutes} between 5 and 240`),
    check('stores_pincode', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    uniqueIndex('stores_name').on(sql`lower(${t.name})`),
  ],
);

/**
 * The pincodes a store serves: one store per pincode (the key), so "which store serves this pincode" is one lookup
 * and two stores never promise the same doorstep.
 */
export const storePincodes = pgTable(
  'store_pincodes',
  {
    pincode: text('pincode').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [check('store_pincodes_pincode', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`), index('store_pincodes_store_idx').on(t.storeId)],
);

/**
 * A store's pool of one sellable unit (a product's option, or its default row): an `inventory_levels` row whose
 * `store_id` is the store. The warehouse's pool of the same unit is the variant row's own `inventory_level_id`.
 * A unit a store has never stocked has no row here: the store does not have it.
 */
export const storeUnits = pgTable(
  'store_units',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    inventoryLevelId: text('inventory_level_id')
      .notNull()
      .references(() => inventoryLevels.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.variantId] }), uniqueIndex('store_units_level').on(t.inventoryLevelId)],
);

export type StoreRow = typeof stores.$inferSelect;
