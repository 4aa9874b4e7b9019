import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * The one live reset code per e-mail (a new request replaces it). Unknown e-mails get a row too,
 * with no user, so the work done — and so the answer's timing — does not reveal who is registered.
 * Only an HMAC of the code is kept, and only a hash of the reset token a verify answers.
 */
export const passwordResetCodes = pgTable('password_reset_codes', {
  email: text('email').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  /** SHA-256 of the single-use token the verify answered; only its holder may set the password. */
  resetTokenHash: text('reset_token_hash'),
  resetTokenExpiresAt: timestamp('reset_token_expires_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every code request, to cap codes per e-mail per hour across instances (rows older than an hour are pruned). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_requests_email_idx').on(t.email, t.createdAt)],
);
