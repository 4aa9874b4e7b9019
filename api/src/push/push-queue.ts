import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PUSH_SENDER, type PushSender, type PushTarget } from './push-sender.js';
import { errorFacts } from '../common/error-facts.js';

/** Retry spacing: 0.5 s, 1 s, 2 s; then the message is dropped (a notice hours late helps nobody). */
export const PUSH_RETRY_DELAYS_MS = [500, 1000, 2000] as const;
const CONCURRENCY = 4;

export interface PushJob {
  target: PushTarget;
  payload: string;
  /** Called when the push service says the subscription no longer exists (404 or 410). */
  onGone(): Promise<void>;
}

/**
 * An in-process queue: enqueue returns at once, so a slow or failing push service never delays
 * or fails an order. At most a few sends run at a time; failures the service calls temporary
 * are retried with growing pauses. A lost notice is acceptable; the socket event and the orders
 * page remain the record.
 */
@Injectable()
export class PushQueue implements OnApplicationShutdown {
  private readonly waiting: Array<{ job: PushJob; attempt: number }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private closed = false;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly logger = new Logger('PushQueue');

  /** For metrics: sends the push service refused, and sends given up after the last retry. */
  readonly failures = { rejected: 0, dropped: 0 };

  constructor(@Inject(PUSH_SENDER) private readonly send: PushSender) {}

  /** For metrics: jobs queued, being sent, or waiting to retry. */
  get depth(): number {
    return this.waiting.length + this.running + this.timers.size;
  }

  enqueue(job: PushJob): void {
    if (this.closed) return;
    this.waiting.push({ job, attempt: 0 });
    this.pump();
  }

  /** Resolves when nothing is queued, sending or waiting to retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    // Let sends already on the wire finish (each has its own timeout), so none is cut mid-way.
    const deadline = Date.now() + 5000;
    while (this.running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  private isIdle(): boolean {
    return this.running === 0 && this.waiting.length === 0 && this.timers.size === 0;
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const next = this.waiting.shift() as { job: PushJob; attempt: number };
      this.running += 1;
      void this.attempt(next.job, next.attempt).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async attempt(job: PushJob, attempt: number): Promise<void> {
    const outcome = await this.send(job.target, job.payload);
    if (outcome.kind === 'sent') return;
    if (outcome.kind === 'gone') {
      await job.onGone().catch((e: unknown) => this.logger.warn(`could not delete a gone subscription: ${errorFacts(e)}`));
      return;
    }
    if (outcome.kind === 'rejected') {
      this.failures.rejected += 1;
      this.logger.warn(`push service refused a message (HTTP ${outcome.status}); not retried`);
      return;
    }
    const delay = PUSH_RETRY_DELAYS_MS[attempt];
    if (delay === undefined || this.closed) {
      this.failures.dropped += 1;
      this.logger.warn(`push dropped after ${attempt + 1} attempts: ${outcome.reason}`);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push({ job, attempt: attempt + 1 });
      this.pump();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
