import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { JobKinds, JobLeaseLost, JobsService, JobWorker, type RunningJob } from '../src/jobs/index.js';
import { jobs } from '../src/jobs/jobs.table.js';
import { PORTABLE_DB_KINDS, migratedDataDir, scratchPostgres, startApp, type DbKind, type TestApp } from './harness.js';
import { waitUntil } from './wait-until.js';

/**
 * The job queue's own rules (docs/architecture.md#jobs), with a kind of the test's own: a try's writes need its fencing
 * token, so one whose job another try took writes nothing; an instance refuses to start while a job is queued that
 * it has no handler for, naming the kind.
 */
describe.each(PORTABLE_DB_KINDS)('the job queue on %s', (kind: DbKind) => {
  it('refuses a try’s progress and done-mark once another try holds its job (the fence)', async () => {
    const t: TestApp = await startApp(kind);
    try {
      let held: RunningJob | null = null;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      t.app.get(JobKinds).register<{ n: number }>('test-fenced', {
        run: async (_payload, job) => {
          held = job;
          await job.report({ step: 1 });
          await released;
          return { step: 'done by the first try' };
        },
      });
      await t.app.get(JobsService).enqueue(null, { kind: 'test-fenced', key: 'test-fenced:1', payload: { n: 1 } });
      const first = await waitUntil(() => held, { until: (j) => j !== null, timeoutMs: 10_000, message: 'the first try running' });
      await waitUntil(async () => (await t.app.get(JobsService).status('test-fenced:1'))?.progress, {
        until: (p) => (p as { step?: number } | undefined)?.step === 1,
        message: 'its progress saved',
      });
      // Another try takes the job (its lease ended while this one was stalled): a new fence on the row.
      await t.db.execute(sql`update ${jobs} set fence = nextval('jobs_fence'), progress = '{"step":"the second try"}' where key = 'test-fenced:1'`);
      await expect(first!.report({ step: 2 })).rejects.toBeInstanceOf(JobLeaseLost);
      expect(first!.signal.aborted).toBe(true);
      release();
      await waitUntil(() => t.app.get(JobWorker).counters.leaseLost, { until: (n) => n >= 1, message: 'the done-mark refused' });
      const [row] = await t.db.select({ state: jobs.state, progress: jobs.progress }).from(jobs).where(eq(jobs.key, 'test-fenced:1'));
      expect(row).toEqual({ state: 'running', progress: { step: 'the second try' } });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('counts as waiting the jobs due, running or to be tried again, never one queued for later and not due yet', async () => {
    const t: TestApp = await startApp(kind);
    try {
      const queue = t.app.get(JobsService);
      const before = (await queue.counts()).queued;
      // A kind no handler runs here, so the job stays as it is put: queued for in 3 days, as a pickup order's clock.
      await queue.enqueue(null, { kind: 'test-later', key: 'test-later:1', payload: {}, runAt: new Date(Date.now() + 3 * 86_400_000) });
      expect((await queue.counts()).queued).toBe(before);
      // Tried once and waiting to be tried again: part of the backlog.
      await t.db.update(jobs).set({ attempts: 1 }).where(eq(jobs.key, 'test-later:1'));
      expect((await queue.counts()).queued).toBe(before + 1);
      // Due now, never tried: part of the backlog.
      await t.db
        .update(jobs)
        .set({ attempts: 0, dueAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.key, 'test-later:1'));
      expect((await queue.counts()).queued).toBe(before + 1);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses to start while a job is queued that no handler of the instance runs, naming its kind', async () => {
    const scratch = kind === 'postgres' ? await scratchPostgres({ migrated: true }) : null;
    const dataDir = await migratedDataDir('haat-jobs-start-');
    const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    try {
      const t = await startApp(kind, env);
      // A kind no module registers: what a build that dropped a kind, or an older one, leaves queued.
      await t.app.get(JobsService).enqueue(null, { kind: 'retired-kind', key: 'retired-kind:1', payload: {} });
      await t.close();
      await expect(startApp(kind, env)).rejects.toThrow(
        /jobs of kind retired-kind are queued, but no handler for it is registered in this instance: register one \(JobKinds.register/,
      );
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
