import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { errorFacts } from '../common/error-facts.js';
import { noticeJobs } from './notice-jobs.table.js';
import { NoticeKinds, NoticeRefused, type NoticeToQueue } from './notice-kinds.js';
import { NoticesService } from './notices.service.js';

/** Notices one instance sends at once. */
const BATCH = 8;
/** How often an idle worker looks for due notices (a notice queued in a transaction waits at most this long). */
const POLL_MS = 1000;
/** A try must end this long before its lease does (longer than any send's own timeout), so no other instance takes the notice while it is sent. */
const LEASE_MARGIN_MS = 15_000;
/** The longest wait between tries. */
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Sent notices are kept this long (their keys stay taken), then deleted. */
const KEEP_DAYS = 30;

interface Claimed {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  created_ms: number;
}

/**
 * Takes due notices from the queue and sends them (docs/decisions/0040-push-notices.md). A claim is one statement:
 * due rows locked with FOR UPDATE SKIP LOCKED, so two instances never take the same row, and leased (its `due_at`
 * moves to the lease's end) with a new claim token. A try that ends well marks its row done only if the token is
 * still its own; one that fails is due again after a doubling wait, until a day after it was queued. A row whose
 * instance died is due again when its lease ends, and the next claim takes it.
 */
@Injectable()
export class NoticeWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Notices');
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private lastPrune = 0;
  /** NOTICE_SENDS_PER_SECOND's bucket: tries this instance may start now, refilled at that rate up to a second's worth. */
  private tokens = 0;
  private refilledAt = Date.now();
  private throttled = false;
  /** For metrics: tries that failed, and done-marks refused because another instance had taken the notice. */
  readonly counters = { retried: 0, failed: 0, leaseLost: 0 };

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly kinds: NoticeKinds,
    private readonly notices: NoticesService,
  ) {
    notices.onEnqueued(() => this.wake());
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // Tries under way end (each request has its own timeout); a notice never started stays queued for the next instance.
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, 10_000).unref())]);
  }

  /** Looks for due notices now. */
  wake(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Resolves when no notice this instance can send is due or being sent (tests). */
  async idle(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.inFlight]);
      const due = await this.db.execute(sql`select 1 from ${noticeJobs} where state in ('queued', 'running') and due_at <= now() limit 1`);
      if (!(due as { rows: unknown[] }).rows.length && !this.inFlight.size) return;
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
    let full = false;
    try {
      const free = Math.min(BATCH - this.inFlight.size, this.allowance());
      this.throttled = free <= 0 && this.inFlight.size < BATCH;
      if (free > 0) {
        const claimedAt = Date.now();
        const token = randomUUID();
        const jobs = await this.claim(token, free);
        full = jobs.length === free;
        this.tokens -= jobs.length;
        for (const job of jobs) {
          const run = this.run(job, token, claimedAt).finally(() => {
            this.inFlight.delete(run);
            this.wake();
          });
          this.inFlight.add(run);
        }
      }
      await this.pruneNow();
    } catch (error) {
      this.logger.warn(`could not take notices: ${errorFacts(error)}`);
    } finally {
      this.running = false;
    }
    const more = this.again || full;
    this.again = false;
    const { sendsPerSecond } = this.config.notices;
    this.schedule(this.throttled ? Math.ceil(1000 / sendsPerSecond) : more && this.inFlight.size < BATCH ? 0 : POLL_MS);
  }

  /** How many tries NOTICE_SENDS_PER_SECOND lets this instance start now (BATCH when it is 0: no cap). */
  private allowance(): number {
    const rate = this.config.notices.sendsPerSecond;
    if (!rate) return BATCH;
    const now = Date.now();
    this.tokens = Math.min(rate, this.tokens + ((now - this.refilledAt) * rate) / 1000);
    this.refilledAt = now;
    return Math.floor(this.tokens);
  }

  private async claim(token: string, limit: number): Promise<Claimed[]> {
    const kinds = this.kinds.kinds();
    if (!kinds.length) return [];
    const result = await this.db.execute(sql`
      update ${noticeJobs} set state = 'running', claim = ${token}, attempts = attempts + 1,
             due_at = now() + ${this.config.notices.leaseMs} * interval '1 millisecond'
       where id in (select id from ${noticeJobs}
                     where state in ('queued', 'running') and due_at <= now()
                       and kind in (${sql.join(
                         kinds.map((k) => sql`${k}`),
                         sql`, `,
                       )})
                     order by due_at limit ${limit} for update skip locked)
      returning id, kind, key, payload, attempts, (extract(epoch from created_at) * 1000)::float8 as created_ms`);
    return (result as { rows: Claimed[] }).rows;
  }

  private async run(job: Claimed, token: string, claimedAt: number): Promise<void> {
    const handler = this.kinds.handlerOf(job.kind);
    const deadline = claimedAt + this.config.notices.leaseMs - LEASE_MARGIN_MS;
    const children: NoticeToQueue[] = [];
    const signal = AbortSignal.timeout(Math.max(0, deadline - Date.now()));
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      // Started late (a slow claim, a paused process): leave it to the next claim rather than risk a second sender.
      if (Date.now() >= deadline) throw new Error('the lease ended before the notice was sent');
      await handler.send(job.payload, { key: job.key, attempt: job.attempts, signal, enqueue: (n) => children.push(n) });
      await this.finish(job, token, children);
    } catch (error) {
      await this.failed(job, token, error).catch((e: unknown) => this.logger.warn(`could not record a failed notice ${job.key}: ${errorFacts(e)}`));
    }
  }

  /** Marks the notice done and queues its parts in one transaction, only while the claim is still this try's. */
  private async finish(job: Claimed, token: string, children: NoticeToQueue[]): Promise<void> {
    const still = await this.db.transaction(async (tx) => {
      const marked = await tx.execute(sql`
        update ${noticeJobs} set state = 'done', claim = null, finished_at = now(), last_error = null
         where id = ${job.id} and claim = ${token} and state = 'running' returning id`);
      if (!(marked as { rows: unknown[] }).rows.length) return false;
      for (let i = 0; i < children.length; i += 500) await this.notices.enqueue(tx, children.slice(i, i + 500));
      return true;
    });
    if (!still) {
      this.counters.leaseLost += 1;
      this.logger.warn(`notice ${job.key} was taken by another instance while it was sent (its lease ended)`);
    } else if (children.length) this.wake();
  }

  /** Due again after base × 2^(tries − 1), at most an hour; failed once that would pass a day after it was queued. */
  private async failed(job: Claimed, token: string, error: unknown): Promise<void> {
    const { retryBaseMs, giveUpAfterMs } = this.config.notices;
    const wait = Math.min(retryBaseMs * 2 ** (job.attempts - 1), MAX_RETRY_MS);
    const final = error instanceof NoticeRefused || Date.now() + wait > job.created_ms + giveUpAfterMs;
    const reason = (error instanceof Error ? error.message : errorFacts(error)).slice(0, 500);
    await this.db.execute(sql`
      update ${noticeJobs}
         set state = ${final ? 'failed' : 'queued'}, claim = null, last_error = ${reason},
             due_at = now() + ${wait} * interval '1 millisecond', finished_at = ${final ? sql`now()` : sql`null`}
       where id = ${job.id} and claim = ${token} and state = 'running'`);
    if (final) {
      this.counters.failed += 1;
      this.logger.warn(`notice ${job.key} failed after ${job.attempts} tries: ${reason}`);
    } else {
      this.counters.retried += 1;
      // Sooner than the next poll: look again when it is due.
      if (wait < POLL_MS) setTimeout(() => this.wake(), wait).unref();
    }
  }

  /** Once an hour, deletes notices sent more than KEEP_DAYS ago. */
  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = Date.now();
    await this.db.execute(sql`delete from ${noticeJobs} where state = 'done' and finished_at < now() - ${KEEP_DAYS} * interval '1 day'`);
  }
}
