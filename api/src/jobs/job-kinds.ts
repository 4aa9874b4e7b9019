/**
 * HOW TO ADD A KIND OF JOB (docs/architecture.md#jobs):
 * 1. Pick a kind name ('push', 'catalog-import', 'ondc-callback', …) and the payload it carries (plain JSON: ids and
 *    words, never a secret the table should not keep; bytes too big for it go in `attachment`).
 * 2. In your domain's provider, on module init: `kinds.register<YourPayload>('your-kind', { run: async (payload, job) => … })`.
 *    `run` resolves when the job is done (its answer, if any, is kept as the job's progress); it throws `JobRefused`
 *    for a refusal that will never pass (marked failed at once), anything else to be tried again with backoff.
 *    Pass `job.signal` to every request it makes: it aborts when the try's lease is lost or its time is up.
 *    A job that fans out calls `job.enqueue(...)` for each part: the parts are queued in the same statement that marks
 *    the job done, so they are queued exactly once. A long job calls `job.report(progress)` as it goes.
 * 3. Queue one with `jobs.enqueue(tx, { kind, key, payload })` (JobsService), in the transaction that made the news.
 *    The key is the job's idempotency key: the same key queued again is ignored, so make it say what the job is about,
 *    never a fresh id unless each call is a new job.
 * An instance refuses to start while a job of a kind it has no handler for is queued (JobWorker).
 */
import { Injectable } from '@nestjs/common';

/** One job to queue. */
export interface JobToQueue<P = unknown> {
  kind: string;
  /** Idempotency key: unique per job, for as long as finished jobs are kept (30 days). */
  key: string;
  payload: P;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Bytes the job reads when it runs (RunningJob.attachment), dropped when it ends. */
  attachment?: Buffer;
  /** What the job's screen shows before it first runs. */
  progress?: unknown;
}

/** What a handler gets beside its payload. */
export interface RunningJob {
  id: string;
  key: string;
  /** 1 on the first try. */
  attempt: number;
  /** The try's fencing token: new at each claim, so a write made under an older one is refused. */
  fence: number;
  /** What the job last reported (an earlier try's, when this one takes over), or null. */
  progress: unknown;
  /** Aborts when the try's lease is lost (another instance has the job) or its kind's time is up. */
  signal: AbortSignal;
  /** Queues a part of this job; it is written only if this try ends well, with this job marked done. */
  enqueue(job: JobToQueue): void;
  /** Saves the job's progress and renews its lease; throws JobLeaseLost when another try holds the job now. */
  report(progress: unknown): Promise<void>;
  /** The job's attachment, or null. */
  attachment(): Promise<Buffer | null>;
}

export interface JobHandler<P = unknown> {
  run(payload: P, job: RunningJob): Promise<unknown>;
}

export interface KindOptions {
  /**
   * The kind's jobs are bulk (a restock's fan-out): they and every part they queue run under JOB_SENDS_PER_SECOND,
   * shared by every instance, after the other jobs.
   */
  bulk?: boolean;
  /** A try that has not ended after this long is aborted (its signal) and tried again; default: none (the lease is renewed). */
  timeoutMs?: number;
}

/** A refusal that will not pass on another try: the job is recorded as failed at once. */
export class JobRefused extends Error {}

/** A try's lease ended and another try holds the job: this one must stop writing. */
export class JobLeaseLost extends Error {}

/** Each kind's handler; the worker claims only the kinds registered in its instance. */
@Injectable()
export class JobKinds {
  private readonly handlers = new Map<string, { handler: JobHandler; options: KindOptions }>();

  register<P>(kind: string, handler: JobHandler<P>, options: KindOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.handlers.set(kind, { handler, options });
  }

  bulkKinds(): string[] {
    return [...this.handlers].filter(([, k]) => k.options.bulk).map(([kind]) => kind);
  }

  of(kind: string): { handler: JobHandler; options: KindOptions } | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }
}
