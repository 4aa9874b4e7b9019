/**
 * HOW TO ADD A KIND OF NOTICE (a notice is a job of the shop's one job queue: docs/architecture.md#jobs):
 * 1. Pick a kind name ('push', 'whatsapp', 'mail', 'back-in-stock', …) and the payload it carries (plain JSON: ids
 *    and words, never a secret the table should not keep).
 * 2. In your domain's provider, on module init: `kinds.register<YourPayload>('your-kind', { send: async (payload, job) => … })`,
 *    whatever the shop's settings (an instance refuses to start while a kind it has no handler for is queued: a
 *    channel that is off refuses its notices with NoticeRefused instead).
 *    `send` resolves when the notice went out (or need not: consent is off, the target is gone); it throws
 *    `NoticeRefused` for a refusal that will never pass (marked failed at once), anything else to be tried again
 *    with backoff for a day. Pass `job.signal` to every request it makes: it aborts before the try's time is up.
 *    A notice that fans out (one restock → a notice per shopper) calls `job.enqueue(...)` for each part: the parts
 *    are queued in the same statement that marks the parent done, so they are queued exactly once.
 * 3. Queue one with `notices.enqueue(tx, { kind, key, payload })` (NoticesService), in the transaction that made
 *    the news where there is one; from SQL, `notices_enqueue(kind, key, payload)`. The key is the notice's idempotency
 *    key: the same key queued again is ignored, so make it say what the notice is about
 *    (`back-in-stock:<variant>:<restock id>:<user>`), never a fresh id.
 * Consent is the handler's to check at send time (`NoticeConsents.allows`), so a "stop" holds for queued notices too.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobKinds, JobRefused, type JobToQueue, type RunningJob } from '../jobs/index.js';

/** One notice to queue: a job of the notices' kinds. */
export type NoticeToQueue<P = unknown> = JobToQueue<P>;

/** What a handler gets beside its payload. */
export type NoticeJob = RunningJob;

export interface NoticeHandler<P = unknown> {
  send(payload: P, job: NoticeJob): Promise<void>;
}

/** A refusal that will not pass on another try (a 4xx but 429): the notice is recorded as failed at once. */
export class NoticeRefused extends JobRefused {}

/** A try must end this long before its lease would (longer than any send's own timeout). */
const LEASE_MARGIN_MS = 15_000;

/** The notices' kinds on the job queue: each sends within its lease, never renewed past it. */
@Injectable()
export class NoticeKinds {
  constructor(
    private readonly kinds: JobKinds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `bulk`: the kind fans out to many shoppers at once (a restock, a price drop): its notices and every part they queue
   * run under the shared JOB_SENDS_PER_SECOND, after the shop's own notices (docs/decisions/0040-push-notices.md).
   */
  register<P>(kind: string, handler: NoticeHandler<P>, options: { bulk?: boolean } = {}): void {
    const timeoutMs = this.config.jobs.leaseMs - LEASE_MARGIN_MS;
    this.kinds.register<P>(kind, { run: (payload, job) => handler.send(payload, job) }, { ...options, timeoutMs });
  }
}
