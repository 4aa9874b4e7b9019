import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The shop's budget of texts as an admin set it (one row; none: SMS_BUDGET_PER_HOUR and SMS_BUDGET_PER_DAY), and the
 * last time strangers pressed its open share (docs/decisions/0280-sign-in-by-mobile-number.md).
 */
export const smsBudget = pgTable(
  'sms_budget',
  {
    id: integer('id').primaryKey(),
    perHour: integer('per_hour').notNull(),
    perDay: integer('per_day').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin who set it last (an account id; kept as text, so removing the account keeps the budget). */
    updatedBy: text('updated_by'),
    strangersPressedAt: timestamp('strangers_pressed_at', { withTimezone: true, mode: 'date' }),
    /** What they pressed, in words: the share, or the address or network block that reached its bound. */
    strangersPressed: text('strangers_pressed'),
  },
  (t) => [check('sms_budget_one_row', sql`${t.id} = 1`), check('sms_budget_positive', sql`${t.perHour} > 0 and ${t.perDay} > 0`)],
);
