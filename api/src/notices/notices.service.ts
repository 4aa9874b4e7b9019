import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { noticeJobs } from './notice-jobs.table.js';
import type { NoticeToQueue } from './notice-kinds.js';

const isList = (n: NoticeToQueue | readonly NoticeToQueue[]): n is readonly NoticeToQueue[] => Array.isArray(n);

/** A drizzle transaction, or the database itself outside one. */
export type DbOrTx = Pick<Db, 'insert' | 'execute'>;

/** The queue's state for the admin's overview and the metrics. */
export interface NoticeQueueCounts {
  /** Waiting to be sent, or being sent, or waiting to be tried again. */
  queued: number;
  /** Given up on (refused, or still failing a day after they were queued). */
  failed: number;
  /** Failed in the last 24 hours. */
  failedToday: number;
}

/**
 * The face of the notice queue (docs/decisions/0040-push-notices.md; how to add a kind: notice-kinds.ts).
 * `enqueue` is one insert, in the caller's transaction where it passes one, so a notice is queued exactly when the
 * news it tells is committed and the request never waits for a send.
 */
@Injectable()
export class NoticesService {
  private wakeWorker: (() => void) | null = null;

  constructor(@Inject(DB) private readonly db: Db) {}

  /** Queues notices; a key already queued (or sent) is skipped. Answers how many were new. */
  async enqueue(tx: DbOrTx | null, notices: NoticeToQueue | readonly NoticeToQueue[]): Promise<number> {
    const list: readonly NoticeToQueue[] = isList(notices) ? notices : [notices];
    if (!list.length) return 0;
    const rows = list.map((n) => ({ id: newId(), kind: n.kind, key: n.key, payload: n.payload as object, ...(n.runAt ? { dueAt: n.runAt } : {}) }));
    const inserted = await (tx ?? this.db).insert(noticeJobs).values(rows).onConflictDoNothing({ target: noticeJobs.key }).returning({ id: noticeJobs.id });
    // Outside a transaction the rows are committed now: this instance's worker looks at once. In one, it finds them
    // at its next poll (at most a second) after the commit.
    if (!tx && inserted.length) this.wakeWorker?.();
    return inserted.length;
  }

  /** The worker of this instance, told of new notices so it need not wait for its next poll. */
  onEnqueued(wake: () => void): void {
    this.wakeWorker = wake;
  }

  async counts(db: Pick<Db, 'execute'> = this.db): Promise<NoticeQueueCounts> {
    // Each count reads its own partial index (notice-jobs.table.ts), never the sent notices.
    const result = await db.execute(sql`
      select (select count(*) from ${noticeJobs} where state in ('queued', 'running'))::int as queued,
             (select count(*) from ${noticeJobs} where state = 'failed')::int as failed,
             (select count(*) from ${noticeJobs} where state = 'failed' and finished_at > now() - interval '1 day')::int as failed_today`);
    const row = (result as { rows: Array<{ queued: number; failed: number; failed_today: number }> }).rows[0];
    return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0), failedToday: Number(row?.failed_today ?? 0) };
  }
}
