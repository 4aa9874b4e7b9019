import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { refreshSessions } from '../auth/refresh-sessions.table.js';

/**
 * A browser that signed in to a number by its code (docs/decisions/0280-sign-in-by-mobile-number.md): its cookie holds a
 * random token, kept here only as its SHA-256, one per device (a new sign-in there replaces it), for 14 days, and no
 * longer than the session it signed in with: signing out, or out everywhere, ends it with the session.
 */
export const mobileDevices = pgTable(
  'mobile_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    mobile: text('mobile').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => refreshSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('mobile_devices_session_idx').on(t.sessionId), index('mobile_devices_expires_idx').on(t.expiresAt)],
);
