import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import PQueue from 'p-queue';
import pRetry from 'p-retry';
import { PUSH_SENDER, type PushSender, type PushTarget, type SendOutcome } from './push-sender.js';
import { errorFacts } from '../common/error-facts.js';

/** Retry spacing 0.5 s, 1 s, 2 s (3 retries, doubling from 0.5 s); then the message is dropped (a notice hours late helps nobody). */
const RETRY = { retries: 3, minTimeout: 500, factor: 2, randomize: false } as const;
const CONCURRENCY = 4;

export interface PushJob {
  target: PushTarget;
  payload: string;
  /** Called when the push service says the subscription no longer exists (404 or 410). */
  onGone(): Promise<void>;
}

/** A send the push service called temporary (429, 5xx, network): p-retry tries it again. */
class TemporaryFailure extends Error {}

/**
 * An in-process queue: enqueue returns at once, so a slow or failing push service never delays
 * or fails an order. p-queue runs at most a few sends at a time; p-retry tries again the failures
 * the service calls temporary, with growing pauses that hold no sending slot. A lost notice is
 * acceptable; the socket event and the orders page remain the record.
 */
@Injectable()
export class PushQueue implements OnApplicationShutdown {
  private readonly sending = new PQueue({ concurrency: CONCURRENCY });
  private readonly jobs = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  private readonly logger = new Logger('PushQueue');

  /** For metrics: sends the push service refused, and sends given up after the last retry. */
  readonly failures = { rejected: 0, dropped: 0 };

  constructor(@Inject(PUSH_SENDER) private readonly send: PushSender) {}

  /** For metrics: jobs queued, being sent, or waiting to retry. */
  get depth(): number {
    return this.jobs.size;
  }

  enqueue(job: PushJob): void {
    if (this.shutdown.signal.aborted) return;
    const run = this.deliver(job).finally(() => this.jobs.delete(run));
    this.jobs.add(run);
  }

  /** Resolves when nothing is queued, sending or waiting to retry. */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.all(this.jobs);
  }

  async onApplicationShutdown(): Promise<void> {
    // Drops queued sends and pending retries; sends already on the wire finish (each has its own timeout).
    this.shutdown.abort();
    await Promise.race([this.sending.onPendingZero(), new Promise((r) => setTimeout(r, 5000).unref())]);
  }

  private async deliver(job: PushJob): Promise<void> {
    const { signal } = this.shutdown;
    const attempt = async (): Promise<SendOutcome> => {
      const outcome = await this.sending.add(() => this.send(job.target, job.payload), { signal });
      if (outcome.kind === 'retry') throw new TemporaryFailure(outcome.reason);
      return outcome;
    };
    let outcome: SendOutcome;
    try {
      outcome = await pRetry(attempt, { ...RETRY, signal, unref: true });
    } catch (error) {
      if (signal.aborted) return;
      this.failures.dropped += 1;
      this.logger.warn(`push dropped after ${RETRY.retries + 1} attempts: ${error instanceof TemporaryFailure ? error.message : errorFacts(error)}`);
      return;
    }
    if (outcome.kind === 'gone') {
      await job.onGone().catch((e: unknown) => this.logger.warn(`could not delete a gone subscription: ${errorFacts(e)}`));
    } else if (outcome.kind === 'rejected') {
      this.failures.rejected += 1;
      this.logger.warn(`push service refused a message (HTTP ${outcome.status}); not retried`);
    }
  }
}
