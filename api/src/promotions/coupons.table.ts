import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CouponType } from '@haat/shared/promotions/coupon.rules';
import { users } from '../users/users.table.js';

/**
 * Coupons an admin made (docs/product.md#coupons). `used` counts the orders placed with it; the check
 * keeps it within `total_uses`, and an order's statement adds its use there, so a crowd can take exactly
 * the uses there are: the order past the last one fails as a whole, like stock (docs/decisions/0201-coupons.md).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    /** Trimmed and upper-case. */
    code: text('code').notNull(),
    type: text('type').$type<CouponType>().notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    maxDiscount: numeric('max_discount', { precision: 12, scale: 2, mode: 'number' }),
    minOrder: numeric('min_order', { precision: 12, scale: 2, mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    totalUses: integer('total_uses'),
    perAccountUses: integer('per_account_uses'),
    used: integer('used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code').on(t.code),
    check('coupons_within_total_uses', sql`${t.used} >= 0 and (${t.totalUses} is null or ${t.used} <= ${t.totalUses})`),
  ],
);

/** How often each account has used each coupon; `cap` travels with the row so its check enforces the coupon's per-account limit. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uses: integer('uses').notNull(),
    cap: integer('cap').notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] }), check('coupon_redemptions_within_cap', sql`${t.uses} >= 0 and ${t.uses} <= ${t.cap}`)],
);

export type CouponRow = typeof coupons.$inferSelect;
