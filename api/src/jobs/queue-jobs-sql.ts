import { sql, type SQL } from 'drizzle-orm';
import type { Relation } from '../db/relation.js';
import { newId } from '../common/ids.js';
import type { JobToQueue } from './job-kinds.js';

/** A job as a statement's relation carries it: the row's id, kind, idempotency key and JSON payload. */
export interface JobRowIn {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
}

/**
 * The job queue's part of another domain's single statement (the order placement's): queues the relation's jobs in
 * that statement's commit, a key already taken skipped, as JobsService.enqueue does in a transaction. The worker finds
 * them at its next poll.
 */
export function queueJobsSql(queued: Relation<JobRowIn>, name = 'jobs_queued'): SQL {
  return sql`${sql.raw(name)} as (
      insert into jobs (id, kind, key, payload)
      select n.id, n.kind, n.key, n.payload from ${queued.sql} n
      on conflict (key) do nothing
    )`;
}

/**
 * Jobs as the rows a JSON parameter gives `jsonb_to_recordset` (the worker's done-marks with their parts): thousands of
 * rows cost one string, not thousands of bound parameters.
 */
export function jobRows(list: readonly JobToQueue[]): Array<{ id: string; kind: string; key: string; payload: unknown; due_at: string | null }> {
  return list.map((j) => ({ id: newId(), kind: j.kind, key: j.key, payload: j.payload, due_at: j.runAt?.toISOString() ?? null }));
}
