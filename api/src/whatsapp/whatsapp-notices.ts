import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Language } from '@haat/shared/common/languages';
import type { NoticeTopic } from '@haat/shared/notices/notice-consents';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { errorFacts } from '../common/error-facts.js';
import { t } from '../i18n/i18n.js';
import { NoticeKinds, NoticeRefused, type NoticeJob, type NoticeToQueue } from '../notices/index.js';
import { noticeTargetOf } from '../users/index.js';

/** One WhatsApp message to a shopper, in each language: the one sent is the shopper's when it is sent. */
export interface WhatsappNotice {
  userId: string;
  topic: NoticeTopic;
  /** The template's {{1}}: what the message is about (an order number, a product's name). */
  ref: string;
  texts: Record<Language, string>;
}

/** A WhatsApp message for the notice queue (`notices.enqueue(tx, whatsappNotice(…))`, or a handler's `job.enqueue`). */
export function whatsappNotice(key: string, notice: WhatsappNotice): NoticeToQueue<WhatsappNotice> {
  return { kind: 'whatsapp', key: `whatsapp:${key}`, payload: notice };
}

/**
 * WhatsApp Cloud API template messages on the notice queue (docs/decisions/0282-order-updates-on-whatsapp.md):
 * `POST {base}/{phone-number-id}/messages` with the access token. The shopper's consent and verified number are read
 * when the message is sent, so a STOP holds for messages already queued; every message says how to stop ({{3}}).
 */
@Injectable()
export class WhatsappNotices implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly kinds: NoticeKinds,
  ) {}

  onModuleInit(): void {
    // Registered whatever the settings: a shop that turned WhatsApp off still starts with its messages queued, and
    // refuses them (docs/architecture.md#jobs).
    this.kinds.register<WhatsappNotice>('whatsapp', { send: (n, job) => this.send(n, job) });
  }

  private async send(notice: WhatsappNotice, job: NoticeJob): Promise<void> {
    if (!this.config.whatsapp.enabled) throw new NoticeRefused('WhatsApp is not set up on this shop (WHATSAPP_TOKEN unset)');
    const target = await noticeTargetOf(this.db, notice.userId, notice.topic, 'whatsapp');
    if (!target) return;
    const { apiBase, phoneNumberId, token, template } = this.config.whatsapp;
    const text = (value: string) => ({ type: 'text', text: value });
    const body = {
      messaging_product: 'whatsapp',
      // The Cloud API takes the number with its country code and no "+".
      to: target.address.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: template,
        language: { code: target.language === 'hi-IN' ? 'hi' : 'en' },
        components: [{ type: 'body', parameters: [text(notice.ref), text(notice.texts[target.language]), text(t(target.language, 'notices.whatsappStop'))] }],
      },
    };
    let res: Response;
    try {
      res = await fetch(`${apiBase}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([job.signal, AbortSignal.timeout(10_000)]),
      });
    } catch (error) {
      throw new Error(`WhatsApp could not be reached: ${errorFacts(error)}`);
    }
    if (res.ok) return;
    const detail = `WhatsApp answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    throw res.status === 429 || res.status >= 500 ? new Error(detail) : new NoticeRefused(detail);
  }
}
