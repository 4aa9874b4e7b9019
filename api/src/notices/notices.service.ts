import { Injectable } from '@nestjs/common';
import { JobsService, type DbOrTx, type JobQueueCounts } from '../jobs/index.js';
import type { NoticeToQueue } from './notice-kinds.js';

/** The queue's state for the admin's overview and the metrics. */
export type NoticeQueueCounts = JobQueueCounts;

/**
 * The face of the notices (docs/decisions/0040-push-notices.md; how to add a kind: notice-kinds.ts): a notice is a
 * job of the one queue (docs/architecture.md#jobs). `enqueue` is one insert, in the caller's transaction where it
 * passes one, so a notice is queued exactly when the news it tells is committed and the request never waits for a send.
 */
@Injectable()
export class NoticesService {
  constructor(private readonly jobs: JobsService) {}

  /** Queues notices; a key already queued (or sent) is skipped. Answers how many were new. */
  enqueue(tx: DbOrTx | null, notices: NoticeToQueue | readonly NoticeToQueue[]): Promise<number> {
    return this.jobs.enqueue(tx, notices);
  }

  /** The job queue's counts (notices are most of its jobs). */
  counts(db?: Parameters<JobsService['counts']>[0]): Promise<NoticeQueueCounts> {
    return this.jobs.counts(db);
  }
}
