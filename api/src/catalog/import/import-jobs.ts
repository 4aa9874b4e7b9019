import { eq, sql } from 'drizzle-orm';
import type { ImportJobState, ImportJobStatus, ImportReport } from '@haat/shared/catalog/catalog-import';
import type { Db } from '../../db/database.js';
import { newId } from '../../common/ids.js';
import { notFound } from '../../common/app-error.js';
import { importJobs } from '../import-jobs.table.js';

/** A running job whose instance has not written for this long was lost with it (a restart, a crash): it is answered as failed. */
export const IMPORT_JOB_STALE_MS = 3 * 60_000;

export async function startJob(db: Db, adminId: string | null, report: ImportReport): Promise<string> {
  const id = newId();
  await db.insert(importJobs).values({
    id,
    adminId,
    total: report.total,
    errorCount: report.errorCount,
    errors: report.errors,
    conflictRows: report.conflictRows,
  });
  return id;
}

/** After a batch: the job's figures so far, and its heartbeat. */
export async function saveProgress(db: Db, id: string, status: Omit<ImportJobStatus, 'jobId' | 'total'>): Promise<void> {
  await db
    .update(importJobs)
    .set({
      state: status.state,
      done: status.done,
      creates: status.creates,
      updates: status.updates,
      unchanged: status.unchanged,
      conflicts: status.conflicts,
      skipped: status.skipped,
      errorCount: status.errorCount,
      errors: status.errors,
      conflictRows: status.conflictRows,
      heartbeatAt: sql`now()`,
    })
    .where(eq(importJobs.id, id));
}

export async function failJob(db: Db, id: string): Promise<void> {
  await db
    .update(importJobs)
    .set({ state: 'failed', heartbeatAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

export async function readJob(db: Db, id: string): Promise<ImportJobStatus> {
  const [row] = await db
    .select({ job: importJobs, stale: sql<boolean>`${importJobs.heartbeatAt} < now() - make_interval(secs => ${IMPORT_JOB_STALE_MS / 1000})` })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  if (!row) throw notFound('Import');
  const { job } = row;
  const state: ImportJobState = job.state === 'running' && row.stale ? 'failed' : job.state;
  return {
    jobId: job.id,
    state,
    done: job.done,
    total: job.total,
    creates: job.creates,
    updates: job.updates,
    unchanged: job.unchanged,
    conflicts: job.conflicts,
    skipped: job.skipped,
    errorCount: job.errorCount,
    errors: job.errors,
    conflictRows: job.conflictRows,
  };
}
