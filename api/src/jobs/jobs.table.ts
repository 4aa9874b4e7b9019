import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.js';

/**
 * The shop's one job table (docs/architecture.md#jobs): notices, catalogue imports and every later kind. One row per
 * job, kept after it ends so its key stays taken. `due_at` is when a queued job may run, or when the lease of a
 * running one ends; `fence` is the running try's fencing token, new at each claim, so only that try can mark it or
 * report its progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The job's idempotency key: the same key queued twice is one job. */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * Bytes too big for the payload that whichever instance runs the job reads (an import's pictures ZIP); dropped when
     * the job ends.
     */
    attachment: bytea('attachment'),
    /**
     * A part of a bulk job's fan-out (a restock's or a price drop's tells, and their channels' parts): run under the
     * shared JOB_SENDS_PER_SECOND cap after the other jobs. A bulk kind's own rows are bulk by their kind (JobKinds).
     */
    bulk: boolean('bulk').notNull().default(false),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The running try's fencing token (jobs_fence's next value at its claim); null when no try holds the job. */
    fence: bigint('fence', { mode: 'number' }),
    /** What the job reports of itself while it runs and when it ends (an import's counts), for the screens that follow it. */
    progress: jsonb('progress'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    // The claim reads the due jobs in order of due time; finished ones (almost every row) are not in it.
    index('jobs_due')
      .on(t.dueAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    // The claim of the jobs outside the cap (order updates, new-order pushes, mails, imports) reads these, never a restock's parts.
    index('jobs_due_own')
      .on(t.dueAt)
      .where(sql`${t.state} in ('queued', 'running') and not ${t.bulk}`),
    index('jobs_failed')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'failed'`),
    check('jobs_state_known', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
