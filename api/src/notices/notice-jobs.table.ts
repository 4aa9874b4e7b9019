import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The notice queue (docs/decisions/0040-push-notices.md): one row per notice to send, kept after it is sent so
 * its key stays taken. `due_at` is when a queued notice may run, or when the lease of a running one ends.
 */
export const noticeJobs = pgTable(
  'notice_jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The notice's idempotency key: the same key queued twice is one notice. */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * A part of a bulk notice's fan-out (a restock's or a price drop's tells, and their channels' parts): sent under
     * NOTICE_SENDS_PER_SECOND after the shop's own notices. A bulk kind's own rows are bulk by their kind (NoticeKinds).
     */
    bulk: boolean('bulk').notNull().default(false),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who holds a running notice: a token new at each claim, so only its holder can mark it done. */
    claim: text('claim'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notice_jobs_key').on(t.key),
    // The claim reads the due notices in order of due time; sent ones (almost every row) are not in it.
    index('notice_jobs_due')
      .on(t.dueAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    // The claim of the shop's own notices (order updates, new-order pushes, mails) reads these, never a restock's parts.
    index('notice_jobs_due_own')
      .on(t.dueAt)
      .where(sql`${t.state} in ('queued', 'running') and not ${t.bulk}`),
    index('notice_jobs_failed')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'failed'`),
    check('notice_jobs_state_known', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type NoticeJobRow = typeof noticeJobs.$inferSelect;
