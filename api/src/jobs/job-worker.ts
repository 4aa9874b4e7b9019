import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { errorFacts } from '../common/error-facts.js';
import { batchedReads } from '../common/batched-reads.js';
import { REDIS, type RedisClient } from '../redis/redis.module.js';
import { redisKey } from '../redis/redis-key.js';
import { jobs } from './jobs.table.js';
import { JobKinds, JobLeaseLost, JobRefused, type JobToQueue } from './job-kinds.js';
import { JobsService } from './jobs.service.js';
import { jobRows } from './queue-jobs-sql.js';
import { SendCap } from './send-cap.js';

/** Jobs one instance runs at once. */
const BATCH = 8;
/** How often an idle worker looks for due jobs (a job queued in a transaction waits at most this long). */
const POLL_MS = 1000;
/** The longest wait between tries. */
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Finished jobs are kept this long (their keys stay taken), then deleted. */
const KEEP_DAYS = 30;

/** A try that ended well: its job and fence, the parts it queues, and what it answered (kept as its progress). */
interface Done {
  id: string;
  fence: number;
  children: JobToQueue[];
  /** Its parts are bulk too. */
  bulk: boolean;
  result: unknown;
}

interface Claimed {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  progress: unknown;
  attempts: number;
  fence: number;
  created_ms: number;
  /** Of a bulk kind, or a part of one's fan-out. */
  bulk: boolean;
}

/** A try under way: its fence, and how to stop it. */
interface Running {
  fence: number;
  abort: AbortController;
}

/**
 * Takes due jobs from the one queue and runs each with its kind's handler (docs/architecture.md#jobs). A claim is one
 * statement: due rows locked with FOR UPDATE SKIP LOCKED, so two instances never take the same row, each leased (its
 * `due_at` moves to the lease's end) under a new fencing token (`fence`). While a try runs its lease is renewed; a try
 * that ends well marks its row done only if the fence is still its own; one that fails is due again after a doubling
 * wait, until JOB_GIVE_UP_AFTER_MS after it was queued, then failed. A row whose instance died is due again when its
 * lease ends, and the next claim takes it. Bulk jobs run under a cap every instance shares (SendCap).
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly inFlight = new Map<string, Running>();
  private readonly runs = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private renewer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private lastPrune = 0;
  private readonly cap: SendCap;
  /** For metrics: tries that failed, and done-marks refused because another instance had taken the job. */
  readonly counters = { retried: 0, failed: 0, leaseLost: 0 };
  private readonly doneMarks = batchedReads<Done, boolean>((done) => this.markDone(done));

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: RedisClient,
    private readonly kinds: JobKinds,
    queue: JobsService,
  ) {
    queue.onEnqueued(() => this.wake());
    this.cap = new SendCap(config.jobs.sendsPerSecond, redis, redis ? redisKey(config, 'jobs:sends') : 'jobs:sends');
  }

  /** Refuses to start while a job is queued that no handler of this instance can run; then starts polling. */
  async onApplicationBootstrap(): Promise<void> {
    const result = await this.db.execute(sql`select distinct kind from ${jobs} where state in ('queued', 'running') order by kind`);
    const missing = (result as { rows: Array<{ kind: string }> }).rows.map((r) => r.kind).filter((kind) => !this.kinds.of(kind));
    if (missing.length)
      throw new Error(
        `jobs of kind ${missing.join(', ')} are queued, but no handler for ${missing.length > 1 ? 'them' : 'it'} is registered in this instance: ` +
          'register one (JobKinds.register, docs/architecture.md#jobs) or start the version of the API that queued them',
      );
    this.schedule(0);
    this.renewer = setInterval(() => void this.renewLeases(), Math.floor(this.config.jobs.leaseMs / 3));
    this.renewer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // Tries under way end (each request has its own timeout); a job never started stays queued for the next instance.
    await Promise.race([Promise.allSettled([...this.runs]), new Promise((r) => setTimeout(r, 10_000).unref())]);
    if (this.renewer) clearInterval(this.renewer);
    for (const { abort } of this.inFlight.values()) abort.abort(new Error('the instance is stopping'));
  }

  /** Looks for due jobs now. */
  wake(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Resolves when no job this instance can run is due or running (tests). */
  async idle(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.runs]);
      const due = await this.db.execute(sql`select 1 from ${jobs} where state in ('queued', 'running') and due_at <= now() limit 1`);
      // A poll under way may have claimed jobs (running, their lease not due) that are not in flight yet: wait for it.
      if (!(due as { rows: unknown[] }).rows.length && !this.runs.size && !this.running) return;
      this.wake();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), ms);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.timer = null;
    if (this.running || this.stopped) return;
    this.running = true;
    let next = POLL_MS;
    try {
      const free = BATCH - this.runs.size;
      if (free > 0) {
        // The jobs outside the cap first; then bulk ones, as the shared cap allows. Each claim's jobs start as soon as
        // it returns: a claimed job is leased, so one left unstarted because a later step failed (the bulk count, the
        // cap in Redis) would wait out its whole lease before anyone tried it.
        const own = await this.claim(free, false);
        for (const job of own) this.start(job);
        const room = free - own.length;
        const { bulk, waitMs } = room > 0 ? await this.claimBulk(room) : { bulk: [], waitMs: 0 };
        for (const job of bulk) this.start(job);
        if (own.length === free || (bulk.length && bulk.length === room)) next = 0;
        else if (waitMs) next = Math.min(waitMs, POLL_MS);
      }
      await this.pruneNow();
    } catch (error) {
      this.logger.warn(`could not take jobs: ${errorFacts(error)}`);
    } finally {
      this.running = false;
    }
    if (this.again) next = 0;
    this.again = false;
    this.schedule(this.runs.size < BATCH ? next : POLL_MS);
  }

  /** Up to `room` due bulk jobs, as many as the shared cap grants this second (asked only for what is due). */
  private async claimBulk(room: number): Promise<{ bulk: Claimed[]; waitMs: number }> {
    if (!this.kinds.kinds().length) return { bulk: [], waitMs: 0 };
    const due = await this.db.execute(sql`
      select count(*)::int as n from (select 1 from ${jobs} where state in ('queued', 'running') and due_at <= now()
        and kind in (${this.kindList(this.kinds.kinds())}) and ${this.isBulk()} limit ${room}) d`);
    const wanted = Number((due as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    if (!wanted) return { bulk: [], waitMs: 0 };
    const { granted, waitMs } = await this.cap.take(wanted);
    return { bulk: granted > 0 ? await this.claim(granted, true) : [], waitMs };
  }

  private kindList(names: string[]) {
    return sql.join(
      names.map((k) => sql`${k}`),
      sql`, `,
    );
  }

  /** Whether a row is bulk: marked so, or of a bulk kind. */
  private isBulk() {
    const bulkKinds = this.kinds.bulkKinds();
    return bulkKinds.length ? sql`(bulk or kind in (${this.kindList(bulkKinds)}))` : sql`bulk`;
  }

  /** Claims up to `limit` due jobs of the kinds this instance runs: those outside the cap, or (`bulk`) bulk ones. */
  private async claim(limit: number, bulk: boolean): Promise<Claimed[]> {
    const kinds = this.kinds.kinds();
    if (!kinds.length) return [];
    const isBulk = this.isBulk();
    // `${isBulk} = false` is read by PostgreSQL as `not bulk and kind not in (…)`: the jobs outside the cap come from
    // their own index (jobs_due_own), never stepping over a restock's queued parts.
    const result = await this.db.execute(sql`
      update ${jobs} set state = 'running', fence = nextval('jobs_fence'), attempts = attempts + 1,
             due_at = now() + ${this.config.jobs.leaseMs} * interval '1 millisecond'
       where id in (select id from ${jobs}
                     where state in ('queued', 'running') and due_at <= now()
                       and kind in (${this.kindList(kinds)}) and ${isBulk} = ${bulk}
                     order by due_at limit ${limit} for update skip locked)
      returning id, kind, key, payload, progress, attempts, fence::float8 as fence,
                (extract(epoch from created_at) * 1000)::float8 as created_ms, ${isBulk} as bulk`);
    return (result as { rows: Claimed[] }).rows;
  }

  private start(job: Claimed): void {
    const abort = new AbortController();
    this.inFlight.set(job.id, { fence: job.fence, abort });
    const run = this.run(job, abort).finally(() => {
      this.inFlight.delete(job.id);
      this.runs.delete(run);
      this.wake();
    });
    this.runs.add(run);
  }

  private async run(job: Claimed, abort: AbortController): Promise<void> {
    const kind = this.kinds.of(job.kind);
    const timeout = kind?.options.timeoutMs;
    const signal = timeout ? AbortSignal.any([abort.signal, AbortSignal.timeout(timeout)]) : abort.signal;
    const children: JobToQueue[] = [];
    try {
      // Each try starts on a turn of its own, after the requests already waiting: a claim's jobs do not run back to
      // back on the main thread while a shopper's request waits.
      await new Promise((resolve) => setImmediate(resolve));
      if (!kind) throw new Error(`no handler for ${job.kind}`);
      const result = await kind.handler.run(job.payload, {
        id: job.id,
        key: job.key,
        attempt: job.attempts,
        fence: job.fence,
        progress: job.progress,
        signal,
        enqueue: (child) => children.push(child),
        report: (progress) => this.report(job, progress),
        attachment: () => this.attachmentOf(job.id),
      });
      await this.finish(job, children, result);
    } catch (error) {
      if (error instanceof JobLeaseLost) this.lost(job);
      else await this.failed(job, error).catch((e: unknown) => this.logger.warn(`could not record a failed job ${job.key}: ${errorFacts(e)}`));
    }
  }

  /** Marks the job done and queues its parts (markDone), only while its fence is still this try's. */
  private async finish(job: Claimed, children: JobToQueue[], result: unknown): Promise<void> {
    const still = await this.doneMarks.load({ id: job.id, fence: job.fence, children, bulk: job.bulk, result });
    if (!still) this.lost(job);
    else if (children.length) this.wake();
  }

  private lost(job: Claimed): void {
    this.counters.leaseLost += 1;
    this.logger.warn(`job ${job.key} was taken by another instance while it ran (its lease ended)`);
  }

  /**
   * Marks jobs done and queues their parts in one statement: a job's parts are written only if its own mark is (its
   * fence still this try's), all in one commit. The jobs of a claim end within milliseconds of each other, so their
   * marks go together (batchedReads: one statement on its way, the next gathering meanwhile): one round trip for
   * several jobs, however many parts (a restock's 10,000 waits travel as one JSON parameter). A fence is set only
   * with `running` and cleared when the try ends, so the fence says the state.
   */
  private async markDone(done: readonly Done[]): Promise<boolean[]> {
    const parts = done.flatMap((d) => jobRows(d.children).map((row) => ({ ...row, parent: d.id, bulk: d.bulk })));
    const marks = done.map((d) => ({ id: d.id, fence: d.fence, result: d.result === undefined ? null : d.result }));
    const result = await this.db.execute(sql`
      with done as (
        select * from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as d(id text, fence bigint, result jsonb)
      ), marked as (
        update ${jobs} j set state = 'done', fence = null, finished_at = now(), last_error = null, attachment = null,
               progress = coalesce(d.result, j.progress)
          from done d where j.id = d.id and j.fence = d.fence returning j.id
      ), parts as (
        insert into ${jobs} (id, kind, key, payload, due_at, bulk)
        select p.id, p.kind, p.key, p.payload, coalesce(p.due_at, now()), p.bulk
          from jsonb_to_recordset(${JSON.stringify(parts)}::jsonb) as p(parent text, id text, kind text, key text, payload jsonb, due_at timestamptz, bulk boolean)
         where p.parent in (select id from marked)
        on conflict (key) do nothing
      )
      select id from marked`);
    const marked = new Set((result as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
    return done.map((d) => marked.has(d.id));
  }

  /** The one retry rule: due again after base × 2^(tries − 1), at most an hour; failed once that would pass JOB_GIVE_UP_AFTER_MS after it was queued. */
  private async failed(job: Claimed, error: unknown): Promise<void> {
    const { retryBaseMs, giveUpAfterMs } = this.config.jobs;
    const wait = Math.min(retryBaseMs * 2 ** (job.attempts - 1), MAX_RETRY_MS);
    const final = error instanceof JobRefused || Date.now() + wait > job.created_ms + giveUpAfterMs;
    const reason = (error instanceof Error ? error.message : errorFacts(error)).slice(0, 500);
    const result = await this.db.execute(sql`
      update ${jobs}
         set state = ${final ? 'failed' : 'queued'}, fence = null, last_error = ${reason},
             due_at = now() + ${wait} * interval '1 millisecond', finished_at = ${final ? sql`now()` : sql`null`},
             attachment = ${final ? sql`null` : sql`attachment`}
       where id = ${job.id} and fence = ${job.fence} and state = 'running'
      returning id`);
    if (!(result as { rows: unknown[] }).rows.length) return this.lost(job);
    if (final) {
      this.counters.failed += 1;
      this.logger.warn(`job ${job.key} failed after ${job.attempts} tries: ${reason}`);
    } else {
      this.counters.retried += 1;
      // Sooner than the next poll: look again when it is due.
      if (wait < POLL_MS) setTimeout(() => this.wake(), wait).unref();
    }
  }

  /** A running job's progress, saved under its fence; its lease renewed. */
  private async report(job: Claimed, progress: unknown): Promise<void> {
    const result = await this.db.execute(sql`
      update ${jobs} set progress = ${JSON.stringify(progress)}::jsonb,
             due_at = now() + ${this.config.jobs.leaseMs} * interval '1 millisecond'
       where id = ${job.id} and fence = ${job.fence} and state = 'running'
      returning id`);
    if (!(result as { rows: unknown[] }).rows.length) {
      this.inFlight.get(job.id)?.abort.abort(new JobLeaseLost('another try holds the job'));
      throw new JobLeaseLost(`job ${job.key}: another try holds it now`);
    }
  }

  private async attachmentOf(id: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ attachment: jobs.attachment })
      .from(jobs)
      .where(sql`${jobs.id} = ${id}`);
    return row?.attachment ?? null;
  }

  /**
   * Every third of a lease, the leases of this instance's tries move on, in one statement; a try whose fence is no
   * longer on its row (its lease ended while this instance was stalled, and another took the job) is aborted.
   */
  private async renewLeases(): Promise<void> {
    if (!this.inFlight.size) return;
    const held = [...this.inFlight].map(([id, { fence }]) => ({ id, fence }));
    try {
      const result = await this.db.execute(sql`
        update ${jobs} j set due_at = now() + ${this.config.jobs.leaseMs} * interval '1 millisecond'
          from jsonb_to_recordset(${JSON.stringify(held)}::jsonb) as h(id text, fence bigint)
         where j.id = h.id and j.fence = h.fence and j.state = 'running'
        returning j.id`);
      const renewed = new Set((result as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
      for (const { id, fence } of held) {
        const running = this.inFlight.get(id);
        if (!renewed.has(id) && running?.fence === fence) running.abort.abort(new JobLeaseLost('the lease was lost'));
      }
    } catch (error) {
      this.logger.warn(`could not renew the leases of running jobs: ${errorFacts(error)}`);
    }
  }

  /** Once an hour, deletes jobs finished more than KEEP_DAYS ago. */
  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = Date.now();
    await this.db.execute(sql`delete from ${jobs} where state = 'done' and finished_at < now() - ${KEEP_DAYS} * interval '1 day'`);
  }
}
