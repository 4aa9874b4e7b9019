import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** When the counter opens and closes each day (HH:MM, the shop's time): a pickup order's card shows them. */
    opensAt: text('opens_at').notNull().default('09:00'),
    closesAt: text('closes_at').notNull().default('21:00'),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stores_promise_minutes', sql`${t.promiseMinutes} between 5 and 240`),
    check('stores_pincode', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('stores_hours', sql`${t.opensAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closesAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
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

export type StoreRow = typeof stores.$inferSelect;
