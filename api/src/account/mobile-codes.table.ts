import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one live code per purpose: `login:+91…` for a sign-in, `add:<account id>` for a signed-in
 * shopper proving a number (a new request replaces it). Only a keyed HMAC of the code is kept
 * (docs/decisions/0280-sign-in-by-mobile-number.md); a code that verifies is deleted with it.
 */
export const mobileCodes = pgTable('mobile_codes', {
  key: text('key').primaryKey(),
  mobile: text('mobile').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
