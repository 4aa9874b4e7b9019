import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import PQueue from 'p-queue';
import pRetry from 'p-retry';
import type { Language } from '@haat/shared/common/languages';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { errorFacts } from '../common/error-facts.js';

/** Retry spacing 0.5 s, 1 s, 2 s, as push's (docs/decisions/0040-push-notices.md); then the update is dropped. */
const RETRY = { retries: 3, minTimeout: 500, factor: 2, randomize: false } as const;

export interface WhatsappUpdate {
  /** +91XXXXXXXXXX */
  to: string;
  language: Language;
  orderId: string;
  text: string;
}

class TemporaryFailure extends Error {}

/**
 * Order updates as WhatsApp Cloud API template messages (docs/decisions/0282-order-updates-on-whatsapp.md):
 * `POST {base}/{phone-number-id}/messages` with the access token, queued and retried as push is, so a slow
 * or failing WhatsApp never delays or fails a stage move.
 */
@Injectable()
export class WhatsappQueue implements OnApplicationShutdown {
  private readonly sending = new PQueue({ concurrency: 4 });
  private readonly jobs = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  private readonly logger = new Logger('WhatsappQueue');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  enqueue(update: WhatsappUpdate): void {
    if (this.shutdown.signal.aborted) return;
    const run = this.deliver(update).finally(() => this.jobs.delete(run));
    this.jobs.add(run);
  }

  async onApplicationShutdown(): Promise<void> {
    this.shutdown.abort();
    await Promise.race([this.sending.onPendingZero(), new Promise((r) => setTimeout(r, 5000).unref())]);
  }

  private async deliver(update: WhatsappUpdate): Promise<void> {
    const { signal } = this.shutdown;
    try {
      await pRetry(() => this.sending.add(() => this.send(update), { signal }), {
        ...RETRY,
        signal,
        unref: true,
        shouldRetry: ({ error }) => error instanceof TemporaryFailure,
      });
    } catch (error) {
      if (!signal.aborted) this.logger.warn(`WhatsApp update for ${update.orderId} dropped: ${errorFacts(error)}`);
    }
  }

  private async send(update: WhatsappUpdate): Promise<void> {
    const { apiBase, phoneNumberId, token, template } = this.config.whatsapp;
    const body = {
      messaging_product: 'whatsapp',
      // The Cloud API takes the number with its country code and no "+".
      to: update.to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: template,
        language: { code: update.language === 'hi-IN' ? 'hi' : 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: update.orderId },
              { type: 'text', text: update.text },
            ],
          },
        ],
      },
    };
    let res: Response;
    try {
      res = await fetch(`${apiBase}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new TemporaryFailure(errorFacts(error));
    }
    if (res.ok) return;
    const detail = `WhatsApp answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    throw res.status === 429 || res.status >= 500 ? new TemporaryFailure(detail) : new Error(detail);
  }
}
