import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Stripe retries and replays webhooks; an event id recorded here has been applied and is not applied again. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: text('order_id'),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
