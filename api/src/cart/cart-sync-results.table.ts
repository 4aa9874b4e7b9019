import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * The first answer to each (user, Idempotency-Key) of PUT /api/cart/sync, so a replayed outbox
 * entry gets the same answer and changes nothing. The request hash tells a replay from a reused key.
 */
export const cartSyncResults = pgTable(
  'cart_sync_results',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
