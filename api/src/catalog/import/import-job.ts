import { IMPORT_MAX_PROBLEMS, type ImportJobStatus, type ImportProblem, type ImportReport } from '@haat/shared/catalog/catalog-import';
import type { JobStatus } from '../../jobs/index.js';
import type { Sheet } from './import-upload.js';
import type { ProductPlan } from './import-plan.js';

/** The catalogue import's kind on the job queue (docs/architecture.md#jobs). */
export const IMPORT_KIND = 'catalog-import';

/** The import's job key: the id the admin's screen polls. */
export const importKey = (jobId: string) => `${IMPORT_KIND}:${jobId}`;

/** What the job carries: who imports, and the file's rows (its pictures ZIP is the job's attachment). */
export interface ImportPayload {
  adminId: string | null;
  sheet: Sheet;
}

/** The job's progress, as the admin's screen reads it, and the plan to write next. */
export interface ImportProgress extends Omit<ImportJobStatus, 'jobId'> {
  next: number;
}

const rowsOf = (plans: readonly ProductPlan[]) => plans.reduce((n, p) => n + p.rows.length, 0);
const sorted = (problems: ImportProblem[]) => [...problems].sort((a, b) => a.row - b.row);

/** Before the first batch: the plan's report, its rows no plan writes already handled. */
export function startProgress(report: ImportReport, plans: readonly ProductPlan[]): ImportProgress {
  return {
    state: 'running',
    next: 0,
    total: report.total,
    done: report.total - rowsOf(plans),
    creates: 0,
    updates: 0,
    unchanged: 0,
    conflicts: 0,
    skipped: 0,
    errorCount: report.errorCount,
    errors: report.errors,
    conflictRows: report.conflictRows,
  };
}

/** After a batch: its rows handled, its outcomes counted, the products it could not write among the problems. */
export function progressAfter(
  was: ImportProgress,
  batch: readonly ProductPlan[],
  failures: ReadonlyArray<{ conflict: boolean; problem: ImportProblem }>,
  counts: Pick<ImportProgress, 'creates' | 'updates' | 'unchanged' | 'conflicts' | 'skipped'>,
  last: boolean,
): ImportProgress {
  const errors = failures.filter((f) => !f.conflict).map((f) => f.problem);
  return {
    ...was,
    state: last ? 'done' : 'running',
    next: was.next + batch.length,
    done: was.done + rowsOf(batch),
    creates: was.creates + counts.creates,
    updates: was.updates + counts.updates,
    unchanged: was.unchanged + counts.unchanged,
    conflicts: was.conflicts + counts.conflicts,
    skipped: was.skipped + counts.skipped,
    errorCount: was.errorCount + errors.length,
    errors: sorted([...was.errors, ...errors]).slice(0, IMPORT_MAX_PROBLEMS),
    conflictRows: [...was.conflictRows, ...failures.filter((f) => f.conflict).map((f) => f.problem)],
  };
}

/** The import as GET import/:jobId answers it: running until its job ends, done or failed. */
export function statusOf(jobId: string, job: JobStatus): ImportJobStatus {
  const { next: _next, ...progress } = job.progress as ImportProgress;
  const state = job.state === 'done' ? 'done' : job.state === 'failed' ? 'failed' : 'running';
  return { ...progress, jobId, state };
}
