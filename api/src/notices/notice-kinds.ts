/**
 * HOW TO ADD A KIND OF NOTICE (docs/decisions/0040-push-notices.md):
 * 1. Pick a kind name ('push', 'whatsapp', 'mail', 'back-in-stock', …) and the payload it carries (plain JSON: ids
 *    and words, never a secret the table should not keep).
 * 2. In your domain's provider, on module init: `kinds.register<YourPayload>('your-kind', { send: async (payload, job) => … })`.
 *    `send` resolves when the notice went out (or need not: consent is off, the target is gone); it throws
 *    `NoticeRefused` for a refusal that will never pass (marked failed at once), anything else to be tried again
 *    with backoff for a day. Pass `job.signal` to every request it makes: it aborts before the lease ends.
 *    A notice that fans out (one restock → a notice per shopper) calls `job.enqueue(...)` for each part: the parts
 *    are queued in the same transaction that marks the parent done, so they are queued exactly once.
 * 3. Queue one with `notices.enqueue(tx, { kind, key, payload })` (NoticesService), in the transaction that made
 *    the news where there is one. The key is the notice's idempotency key: the same key queued again is ignored,
 *    so make it say what the notice is about (`back-in-stock:<variant>:<restock id>:<user>`), never a fresh id.
 * Consent is the handler's to check at send time (`NoticeConsents.allows`), so a "stop" holds for queued notices too.
 */
import { Injectable } from '@nestjs/common';

/** One notice to queue. */
export interface NoticeToQueue<P = unknown> {
  kind: string;
  /** Idempotency key: unique per notice, for all time (up to NOTICE_KEEP_DAYS). */
  key: string;
  payload: P;
  /** Not before this time (default: now). */
  runAt?: Date;
}

/** What a handler gets beside its payload. */
export interface NoticeJob {
  key: string;
  /** 1 on the first try. */
  attempt: number;
  /** Aborts before the lease of this try ends: a request still running then must give up. */
  signal: AbortSignal;
  /** Queues a part of this notice; it is written only if this try ends well, with this notice marked done. */
  enqueue(notice: NoticeToQueue): void;
}

export interface NoticeHandler<P = unknown> {
  send(payload: P, job: NoticeJob): Promise<void>;
}

/** A refusal that will not pass on another try (a 4xx but 429): the notice is recorded as failed at once. */
export class NoticeRefused extends Error {}

/** Each kind's handler; the worker claims only the kinds registered in its instance. */
@Injectable()
export class NoticeKinds {
  private readonly handlers = new Map<string, NoticeHandler>();
  private readonly bulk = new Set<string>();

  /**
   * `bulk`: the kind fans out to many shoppers at once (a restock, a price drop): its notices and every part they queue
   * are sent at most NOTICE_SENDS_PER_SECOND an instance, after the shop's own notices (docs/decisions/0040-push-notices.md).
   */
  register<P>(kind: string, handler: NoticeHandler<P>, options: { bulk?: boolean } = {}): void {
    if (this.handlers.has(kind)) throw new Error(`notice kind ${kind} is registered twice`);
    this.handlers.set(kind, handler);
    if (options.bulk) this.bulk.add(kind);
  }

  bulkKinds(): string[] {
    return [...this.bulk];
  }

  handlerOf(kind: string): NoticeHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }
}
