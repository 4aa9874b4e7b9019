import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import type { NoticeTopic } from '@haat/shared/notices/notice-consents';
import { productPath } from '@haat/shared/routing/slug';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { t } from '../i18n/i18n.js';
import { shopperMail } from '../mail/index.js';
import type { NoticeJob } from '../notices/index.js';
import { shopperPush } from '../push/index.js';
import { whatsappNotice } from '../whatsapp/index.js';
import { DB, type Db } from '../db/database.js';
import { noticeReachOf } from '../users/index.js';

/** What a shopper asked to hear of (docs/product.md#back-in-stock, #price-drops), and the consent topic it falls under. */
export type ShopperTopic = 'backInStock' | 'priceDrop';
const CONSENT: Record<ShopperTopic, NoticeTopic> = { backInStock: 'backInStock', priceDrop: 'priceDrops' };

/**
 * The one place a notice a shopper asked for leaves the shop: from inside a queued notice's handler, it queues one
 * part per channel the shopper has switched on for the topic (and can be reached by) on the durable queue's own
 * handlers (push to each device, WhatsApp, e-mail), each keyed by the notice, so a channel that fails is tried again
 * alone. Each part asks the shopper's consent for the topic by that channel again when it is sent (docs/product.md#notices-and-consent), so a "stop" holds for what is already queued. The words
 * are the shopper's language (WhatsApp's in both, chosen when sent), with a link that opens the product; `values` gives
 * a language's own figures (a price written as that language writes it).
 */
@Injectable()
export class ShopperNotices {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
  ) {}

  async send(
    job: NoticeJob,
    userId: string,
    topic: ShopperTopic,
    product: { id: string; name: string },
    values: (language: Language) => Record<string, string> = () => ({}),
  ): Promise<void> {
    const consent = CONSENT[topic];
    const link = `${this.config.publicUrl}${productPath({ _id: product.id, name: product.name })}`;
    const words = (language: Language) => ({ ...values(language), name: product.name, link });
    const say = (language: Language, part: string) => t(language, `shopperNotices.${topic}.${part}`, words(language));
    // One read for the language and the channels switched on: a channel the shopper cannot be reached by now gets no part.
    const reach = await noticeReachOf(this.db, userId, consent);
    if (!reach) return;
    const { language, channels } = reach;
    if (channels.includes('push'))
      job.enqueue(shopperPush(job.key, { userId, topic: consent, notice: { title: say(language, 'title'), body: say(language, 'body'), url: link } }));
    if (this.config.whatsapp.enabled && channels.includes('whatsapp')) {
      const texts = Object.fromEntries(LANGUAGES.map((l) => [l, `${say(l, 'body')} ${link}`])) as Record<Language, string>;
      job.enqueue(whatsappNotice(job.key, { userId, topic: consent, ref: product.name, texts }));
    }
    if (channels.includes('email')) job.enqueue(shopperMail(job.key, { userId, topic: consent, kind: topic, values: words(language) }));
  }
}
