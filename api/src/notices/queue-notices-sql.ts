import type { SQL } from 'drizzle-orm';
import type { Relation } from '../db/relation.js';
import { queueJobsSql, type JobRowIn } from '../jobs/index.js';

/** A notice as a statement's relation carries it: the row's id, kind, idempotency key and JSON payload. */
export type NoticeRowIn = JobRowIn;

/**
 * The notices' part of another domain's single statement (the order placement's): queues the relation's notices on
 * the job queue in that statement's commit, a key already taken skipped, as NoticesService.enqueue does in a
 * transaction. The worker finds them at its next poll.
 */
export function queueNoticesSql(notices: Relation<NoticeRowIn>): SQL {
  return queueJobsSql(notices, 'notices_queued');
}
