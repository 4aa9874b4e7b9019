import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Delivery addresses. Never deleted: "disable" sets status false, and orders keep their own copy. */
export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    building: text('building').notNull(),
    addressLine: text('address_line').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    pincode: text('pincode').notNull(),
    mobile: text('mobile').notNull(),
    /** A business buyer's GSTIN, printed on its invoices, which then go to the B2B table of the shop's GST return (docs/product.md#gst-return). */
    gstin: text('gstin'),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export type AddressRow = typeof addresses.$inferSelect;
