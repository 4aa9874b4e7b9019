import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pRetry from 'p-retry';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { newId } from '../common/ids.js';
import { errorFacts } from '../common/error-facts.js';

export interface OutgoingSms {
  /** E.164, +91XXXXXXXXXX. */
  to: string;
  text: string;
}

/** A refusal worth trying again (429, 5xx, the network); any other refusal is final. */
class TemporaryFailure extends Error {}

/** Retry spacing 0.5 s, 1 s (a code minutes late is no use to the shopper waiting at the screen). */
const RETRY = { retries: 2, minTimeout: 500, factor: 2, randomize: false } as const;

/**
 * Text messages (docs/decisions/0280-sign-in-by-mobile-number.md): through Twilio's Messages API when
 * SMS_PROVIDER=twilio; otherwise each message is written as a .txt file in $DATA_DIR/sms, as mail is
 * written to $DATA_DIR/mail, which is how a local user (and the tests) read their codes.
 */
@Injectable()
export class SmsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Sms');
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(sms: OutgoingSms): Promise<void> {
    if (this.config.sms.provider === 'twilio')
      await pRetry(() => this.sendByTwilio(sms), { ...RETRY, unref: true, shouldRetry: ({ error }) => error instanceof TemporaryFailure });
    else await this.writeFile(sms);
  }

  /**
   * Sends without making the caller wait, so an answer's timing never tells whether a message went out; failures are
   * logged, then `onFailure` runs (a code's send gives its count back).
   */
  sendInBackground(sms: OutgoingSms, onFailure?: () => Promise<void>): void {
    const job = this.send(sms).catch(async (e: unknown) => {
      this.logger.error(`could not send a text message: ${errorFacts(e)}`);
      await onFailure?.().catch((f: unknown) => this.logger.error(`after a failed text message: ${errorFacts(f)}`));
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (a number or a MessagingServiceSid) and Body, HTTP Basic auth. */
  private async sendByTwilio(sms: OutgoingSms): Promise<void> {
    const { apiBase, accountSid, authToken, from } = this.config.sms;
    const form = new URLSearchParams({ To: sms.to, Body: sms.text, ...(from.startsWith('MG') ? { MessagingServiceSid: from } : { From: from }) });
    let res: Response;
    try {
      res = await fetch(`${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new TemporaryFailure(errorFacts(error));
    }
    if (res.ok) return;
    const detail = `Twilio answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    throw res.status === 429 || res.status >= 500 ? new TemporaryFailure(detail) : new Error(detail);
  }

  private async writeFile(sms: OutgoingSms): Promise<void> {
    const dir = this.config.smsDir;
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}-${sms.to.replace(/[^0-9+]/g, '')}.txt`;
    // Written then renamed, so a reader polling the folder never sees half a message.
    const tmp = join(dir, `.${name}.tmp`);
    await writeFile(tmp, `To: ${sms.to}\n\n${sms.text}\n`);
    await rename(tmp, join(dir, name));
  }
}
