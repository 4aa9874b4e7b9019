import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { errorFacts } from '../common/error-facts.js';
import { noticeJobs } from './notice-jobs.table.js';
import { NoticeKinds, NoticeRefused, type NoticeToQueue } from './notice-kinds.js';
import { NoticesService } from './notices.service.js';
import { noticeRows } from './queue-notices-sql.js';
import { batchedReads } from '../common/batched-reads.js';

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

/** A try that ended well: its notice and claim, and the parts it queues. */
interface Done {
  id: string;
  token: string;
  children: NoticeToQueue[];
  /** Its parts are bulk too. */
  bulk: boolean;
}

interface Claimed {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  created_ms: number;
  /** Of a bulk kind, or a part of one's fan-out. */
  bulk: boolean;
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
  private readonly doneMarks = batchedReads<Done, boolean>((done) => this.markDone(done));

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly kinds: NoticeKinds,
    notices: NoticesService,
  ) {
    notices.onEnqueued(() => this.wake());
    // The bucket starts full: a notice after a quiet spell goes at once; only a long run of them waits for tokens.
    this.tokens = config.notices.sendsPerSecond;
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
      // A poll under way may have claimed notices (running, their lease not due) that are not in flight yet: wait for it.
      if (!(due as { rows: unknown[] }).rows.length && !this.inFlight.size && !this.running) return;
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
      const free = BATCH - this.inFlight.size;
      if (free > 0) {
        const claimedAt = Date.now();
        const token = randomUUID();
        // The shop's own notices first, never capped; then bulk ones, as the cap allows. Capped, a bulk claim waits for
        // a batch's worth of tokens (or the cap's, if smaller), so it still takes several notices a statement.
        const own = await this.claim(token, free, false);
        const room = free - own.length;
        const allowed = this.allowance();
        const take = room > 0 && allowed >= Math.min(BATCH, this.config.notices.sendsPerSecond || BATCH) ? Math.min(room, allowed) : 0;
        const bulk = take > 0 ? await this.claim(token, take, true) : [];
        this.tokens -= bulk.length;
        this.throttled = room > 0 && take === 0;
        full = own.length === free || (take > 0 && bulk.length === take);
        for (const job of [...own, ...bulk]) {
          const run = this.run(job, token, claimedAt).finally(() => {
            this.inFlight.delete(run);
            this.wake();
          });
          this.inFlight.add(run);
        }
      } else this.throttled = false;
      await this.pruneNow();
    } catch (error) {
      this.logger.warn(`could not take notices: ${errorFacts(error)}`);
    } finally {
      this.running = false;
    }
    const more = this.again || full;
    this.again = false;
    const { sendsPerSecond } = this.config.notices;
    const batchIn = () => Math.max(1, Math.ceil(((Math.min(BATCH, sendsPerSecond) - this.tokens) * 1000) / sendsPerSecond));
    this.schedule(more && this.inFlight.size < BATCH ? 0 : this.throttled ? Math.min(batchIn(), POLL_MS) : POLL_MS);
  }

  /** How many bulk tries NOTICE_SENDS_PER_SECOND lets this instance start now (BATCH when it is 0: no cap). */
  private allowance(): number {
    const rate = this.config.notices.sendsPerSecond;
    if (!rate) return BATCH;
    const now = Date.now();
    this.tokens = Math.min(rate, this.tokens + ((now - this.refilledAt) * rate) / 1000);
    this.refilledAt = now;
    return Math.floor(this.tokens);
  }

  /** Claims up to `limit` due notices of the kinds this instance sends: the shop's own, or (`bulk`) bulk ones. */
  private async claim(token: string, limit: number, bulk: boolean): Promise<Claimed[]> {
    const kinds = this.kinds.kinds();
    if (!kinds.length) return [];
    const list = (names: string[]) =>
      sql.join(
        names.map((k) => sql`${k}`),
        sql`, `,
      );
    const bulkKinds = this.kinds.bulkKinds();
    const isBulk = bulkKinds.length ? sql`(bulk or kind in (${list(bulkKinds)}))` : sql`bulk`;
    // `${isBulk} = false` is read by PostgreSQL as `not bulk and kind not in (…)`: the shop's own notices come from their
    // own index (notice_jobs_due_own), never stepping over a restock's queued parts.
    const result = await this.db.execute(sql`
      update ${noticeJobs} set state = 'running', claim = ${token}, attempts = attempts + 1,
             due_at = now() + ${this.config.notices.leaseMs} * interval '1 millisecond'
       where id in (select id from ${noticeJobs}
                     where state in ('queued', 'running') and due_at <= now()
                       and kind in (${list(kinds)}) and ${isBulk} = ${bulk}
                     order by due_at limit ${limit} for update skip locked)
      returning id, kind, key, payload, attempts, (extract(epoch from created_at) * 1000)::float8 as created_ms, ${isBulk} as bulk`);
    return (result as { rows: Claimed[] }).rows;
  }

  private async run(job: Claimed, token: string, claimedAt: number): Promise<void> {
    const handler = this.kinds.handlerOf(job.kind);
    const deadline = claimedAt + this.config.notices.leaseMs - LEASE_MARGIN_MS;
    const children: NoticeToQueue[] = [];
    const signal = AbortSignal.timeout(Math.max(0, deadline - Date.now()));
    try {
      // Each try starts on a turn of its own, after the requests already waiting: a claim's notices do not run back to
      // back on the main thread while a shopper's request waits (docs/decisions/0040-push-notices.md).
      await new Promise((resolve) => setImmediate(resolve));
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      // Started late (a slow claim, a paused process): leave it to the next claim rather than risk a second sender.
      if (Date.now() >= deadline) throw new Error('the lease ended before the notice was sent');
      await handler.send(job.payload, { key: job.key, attempt: job.attempts, signal, enqueue: (n) => children.push(n) });
      await this.finish(job, token, children);
    } catch (error) {
      await this.failed(job, token, error).catch((e: unknown) => this.logger.warn(`could not record a failed notice ${job.key}: ${errorFacts(e)}`));
    }
  }

  /** Marks the notice done and queues its parts (markDone), only while the claim is still this try's. */
  private async finish(job: Claimed, token: string, children: NoticeToQueue[]): Promise<void> {
    const still = await this.doneMarks.load({ id: job.id, token, children, bulk: job.bulk });
    if (!still) {
      this.counters.leaseLost += 1;
      this.logger.warn(`notice ${job.key} was taken by another instance while it was sent (its lease ended)`);
    } else if (children.length) this.wake();
  }

  /**
   * Marks notices done and queues their parts in one statement: a notice's parts are written only if its own mark
   * is (its claim still this try's), all in one commit. The notices of a claim end within milliseconds of each
   * other, so their marks go together (batchedReads: one statement on its way, the next gathering meanwhile):
   * one round trip for several notices, however many parts (a restock's 10,000 waits travel as one JSON parameter).
   * A notice is found by its id alone: a claim's token is set only with `running` and cleared when it ends, so the
   * token says the state; naming the state too let PostgreSQL, without fresh statistics, read every queued notice
   * through the queue's index for each mark (2 ms a mark behind 4,000 waits, and growing with the queue).
   */
  private async markDone(done: readonly Done[]): Promise<boolean[]> {
    const parts = done.flatMap((d) => noticeRows(d.children).map((row) => ({ ...row, parent: d.id, bulk: d.bulk })));
    const result = await this.db.execute(sql`
      with done as (
        select * from jsonb_to_recordset(${JSON.stringify(done.map((d) => ({ id: d.id, claim: d.token })))}::jsonb) as d(id text, claim text)
      ), marked as (
        update ${noticeJobs} j set state = 'done', claim = null, finished_at = now(), last_error = null
          from done d where j.id = d.id and j.claim = d.claim returning j.id
      ), parts as (
        insert into ${noticeJobs} (id, kind, key, payload, due_at, bulk)
        select p.id, p.kind, p.key, p.payload, coalesce(p.due_at, now()), p.bulk
          from jsonb_to_recordset(${JSON.stringify(parts)}::jsonb) as p(parent text, id text, kind text, key text, payload jsonb, due_at timestamptz, bulk boolean)
         where p.parent in (select id from marked)
        on conflict (key) do nothing
      )
      select id from marked`);
    const marked = new Set((result as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
    return done.map((d) => marked.has(d.id));
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
