import { sql, type SQL } from 'drizzle-orm';
import type { Relation } from '../db/relation.js';
import { newId } from '../common/ids.js';
import type { NoticeToQueue } from './notice-kinds.js';

/** A notice as a statement's relation carries it: the row's id, kind, idempotency key and JSON payload. */
export interface NoticeRowIn {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
}

/**
 * The notice queue's part of another domain's single statement (the order placement's): queues the relation's
 * notices in that statement's commit, a key already taken skipped, as NoticesService.enqueue does in a transaction.
 * The worker finds them at its next poll.
 */
export function queueNoticesSql(notices: Relation<NoticeRowIn>): SQL {
  return sql`notices_queued as (
      insert into notice_jobs (id, kind, key, payload)
      select n.id, n.kind, n.key, n.payload from ${notices.sql} n
      on conflict (key) do nothing
    )`;
}

/**
 * Notices as the rows a JSON parameter gives `jsonb_to_recordset` (the worker's done-marks with their parts):
 * thousands of rows cost one string, not thousands of bound parameters.
 */
export function noticeRows(list: readonly NoticeToQueue[]): Array<{ id: string; kind: string; key: string; payload: unknown; due_at: string | null }> {
  return list.map((n) => ({ id: newId(), kind: n.kind, key: n.key, payload: n.payload, due_at: n.runAt?.toISOString() ?? null }));
}
