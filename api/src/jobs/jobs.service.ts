import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { jobs } from './jobs.table.js';
import type { JobToQueue } from './job-kinds.js';

const isList = (j: JobToQueue | readonly JobToQueue[]): j is readonly JobToQueue[] => Array.isArray(j);

/** A drizzle transaction, or the database itself outside one. */
export type DbOrTx = Pick<Db, 'insert' | 'execute'>;

/** The queue's state for the admin's overview and the metrics. */
export interface JobQueueCounts {
  /**
   * Due to run, running, or waiting to be tried again: the queue's backlog. A job queued for later and not due yet (a
   * pickup order's clock, due when its days to collect end) is not counted until it is.
   */
  queued: number;
  /** Given up on (refused, or still failing when their kind gives up). */
  failed: number;
  /** Failed in the last 24 hours. */
  failedToday: number;
}

/** A job as the screen that follows it reads it. */
export interface JobStatus {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: unknown;
  lastError: string | null;
}

/**
 * The face of the job queue (docs/architecture.md#jobs; how to add a kind: job-kinds.ts). `enqueue` is one insert, in
 * the caller's transaction where it passes one, so a job is queued exactly when the change that causes it is committed
 * (the outbox) and the request never waits for it to run.
 */
@Injectable()
export class JobsService {
  private wakeWorker: (() => void) | null = null;

  constructor(@Inject(DB) private readonly db: Db) {}

  /** Queues jobs; a key already queued (or done) is skipped. Answers how many were new. */
  async enqueue(tx: DbOrTx | null, list: JobToQueue | readonly JobToQueue[]): Promise<number> {
    const all: readonly JobToQueue[] = isList(list) ? list : [list];
    if (!all.length) return 0;
    const rows = all.map((j) => ({
      id: newId(),
      kind: j.kind,
      key: j.key,
      payload: j.payload as object,
      ...(j.runAt ? { dueAt: j.runAt } : {}),
      ...(j.attachment ? { attachment: j.attachment } : {}),
      ...(j.progress === undefined ? {} : { progress: j.progress as object }),
    }));
    const inserted = await (tx ?? this.db).insert(jobs).values(rows).onConflictDoNothing({ target: jobs.key }).returning({ id: jobs.id });
    // Outside a transaction the rows are committed now: this instance's worker looks at once. In one, it finds them
    // at its next poll (at most a second) after the commit.
    if (!tx && inserted.length) this.wakeWorker?.();
    return inserted.length;
  }

  /** The worker of this instance, told of new jobs so it need not wait for its next poll. */
  onEnqueued(wake: () => void): void {
    this.wakeWorker = wake;
  }

  /** The job queued under `key`, or null. */
  async status(key: string): Promise<JobStatus | null> {
    const [row] = await this.db
      .select({ id: jobs.id, kind: jobs.kind, state: jobs.state, progress: jobs.progress, lastError: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.key, key));
    return row ?? null;
  }

  async counts(db: Pick<Db, 'execute'> = this.db): Promise<JobQueueCounts> {
    // Each count reads its own partial index (jobs.table.ts), never the finished jobs. A job running or waiting to be
    // tried again has been tried (attempts > 0); one never tried counts once it is due.
    const result = await db.execute(sql`
      select (select count(*) from ${jobs} where state in ('queued', 'running') and (due_at <= now() or attempts > 0))::int as queued,
             (select count(*) from ${jobs} where state = 'failed')::int as failed,
             (select count(*) from ${jobs} where state = 'failed' and finished_at > now() - interval '1 day')::int as failed_today`);
    const row = (result as { rows: Array<{ queued: number; failed: number; failed_today: number }> }).rows[0];
    return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0), failedToday: Number(row?.failed_today ?? 0) };
  }
}
