import { Inject, Injectable } from '@nestjs/common';
import type { Language } from '@haat/shared/common/languages';
import { productPath } from '@haat/shared/routing/slug';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { t } from '../i18n/i18n.js';
import { MailService } from '../mail/index.js';
import { PushService } from '../push/index.js';
import { WhatsappQueue } from '../whatsapp/index.js';
import { AccountLanguages, emailOf, whatsappTargetOf } from '../users/index.js';

/** What a shopper asked to hear of (docs/product.md#back-in-stock, #price-drops). */
export type ShopperTopic = 'backInStock' | 'priceDrop';

/**
 * The one place a notice a shopper asked for leaves the shop, by each channel they can be reached on: push to the
 * devices that turned notices on, WhatsApp at the verified mobile of a shopper who asked for updates there, and
 * e-mail to the account's address. Runs inside a queued notice's handler (api/src/notices), so a failure is tried
 * again by the queue; the words are the shopper's language, with a link that opens the product.
 */
@Injectable()
export class ShopperNotices {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly languages: AccountLanguages,
    private readonly push: PushService,
    private readonly whatsapp: WhatsappQueue,
    private readonly mail: MailService,
  ) {}

  async send(userId: string, topic: ShopperTopic, product: { id: string; name: string }, values: Record<string, string> = {}): Promise<void> {
    const language: Language = await this.languages.of(userId);
    const link = `${this.config.publicUrl}${productPath({ _id: product.id, name: product.name })}`;
    const words = { ...values, name: product.name, link };
    const say = (part: string) => t(language, `shopperNotices.${topic}.${part}`, words);
    await this.push.notifyCustomer(userId, { title: say('title'), body: say('body'), url: link, productId: product.id });
    const mobile = this.config.whatsapp.enabled ? await whatsappTargetOf(this.db, userId) : null;
    if (mobile) this.whatsapp.enqueue({ to: mobile.mobile, language, orderId: say('title'), text: `${say('body')} ${link}` });
    const email = await emailOf(this.db, userId);
    if (email) await this.mail.send({ to: email, subject: say('subject'), text: say('text') });
  }
}
