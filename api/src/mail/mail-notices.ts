import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Language } from '@haat/shared/common/languages';
import type { NoticeTopic } from '@haat/shared/notices/notice-consents';
import { DB, type Db } from '../db/database.js';
import { t } from '../i18n/i18n.js';
import { NoticeKinds, UnsubscribeLinks, type NoticeJob, type NoticeToQueue } from '../notices/index.js';
import { noticeTargetOf } from '../users/index.js';
import { MailService, type OutgoingMail } from './mail.service.js';
import { mailOf, type MailKind } from './mails.js';

/** A mail to a shopper about a topic they may turn off; written in their language, to their address, when it is sent. */
export interface ShopperMail {
  userId: string;
  topic: NoticeTopic;
  kind: MailKind;
  values: Record<string, string>;
  /** Values that are the catalogue's words: name → key, translated into the shopper's language when the mail is written. */
  words?: Record<string, string>;
  /** Values already written in each language (an order stage's title and text): the shopper's are used. */
  inLanguages?: Record<Language, Record<string, string>>;
}

/** A shopper's mail for the notice queue (`notices.enqueue(tx, shopperMail(…))`, or a handler's `job.enqueue`). */
export function shopperMail(key: string, mail: ShopperMail): NoticeToQueue<ShopperMail> {
  return { kind: 'mail-shopper', key: `mail:${key}`, payload: mail };
}

/** The same Message-ID for every try of one notice: a mailbox that receives a repeat can tell it is one. */
const messageIdOf = (key: string) => `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@notices.haat>`;

/**
 * Mail on the notice queue (docs/decisions/0040-push-notices.md): `mail` sends what it is given (codes, links, account
 * warnings); `mail-shopper` asks the shopper's consent when it is sent and carries a one-click unsubscribe
 * (List-Unsubscribe, List-Unsubscribe-Post; RFC 8058) and the same link in its text.
 */
@Injectable()
export class MailNotices implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly kinds: NoticeKinds,
    private readonly mail: MailService,
    private readonly links: UnsubscribeLinks,
  ) {}

  onModuleInit(): void {
    this.kinds.register<OutgoingMail>('mail', { send: (m, job) => this.mail.send({ ...m, messageId: messageIdOf(job.key) }) });
    this.kinds.register<ShopperMail>('mail-shopper', { send: (m, job) => this.toShopper(m, job) });
  }

  private async toShopper(m: ShopperMail, job: NoticeJob): Promise<void> {
    const target = await noticeTargetOf(this.db, m.userId, m.topic, 'email');
    if (!target) return;
    const words = Object.fromEntries(Object.entries(m.words ?? {}).map(([name, key]) => [name, t(target.language, key)]));
    const mail = mailOf(m.kind, target.language, { ...m.values, ...m.inLanguages?.[target.language], ...words }, target.address);
    const link = this.links.link({ userId: m.userId, topic: m.topic, channel: 'email' });
    const footer = t(target.language, 'notices.mailFooter', { topic: t(target.language, `notices.topic.${m.topic}`), link });
    await this.mail.send({
      ...mail,
      text: `${mail.text}\n\n--\n${footer}`,
      messageId: messageIdOf(job.key),
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}
