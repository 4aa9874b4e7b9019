import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@haat/shared/common/error-code';
import { usableChannels, type NoticeChannel, type NoticeConsents } from '@haat/shared/notices/notice-consents';
import type { NoChannelFacts } from '@haat/shared/notify-me/notify-me.schema';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, conflict, notFound } from '../common/app-error.js';
import { noticeConsentsOf, noticeReachOf, storeNoticeConsents, userById } from '../users/index.js';

/** What `keepWord` found: the consents to store with the wait (the chosen channels turned on), or none to change. */
export type ConsentsToStore = NoticeConsents | null;

/**
 * "Notify me" keeps its word (docs/product.md#back-in-stock): a wait is taken only when some channel can tell it. With
 * no back-in-stock channel on that the account can use, the ask is refused with 409 `NO_CHANNEL` naming the ones it can
 * turn on; the app asks the shopper and sends the choice back as `channels`, turned on as `PUT /api/user/notices` would.
 */
@Injectable()
export class NotifyMeChannels {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The consents to store beside the new wait (the chosen channels on), null when they stay as they are; or the refusal. */
  async keepWord(userId: string, chosen: NoticeChannel[] | undefined): Promise<ConsentsToStore> {
    const [user, consents] = await Promise.all([userById(this.db, userId), noticeConsentsOf(this.db, userId)]);
    if (!user || !consents) throw notFound('User');
    const usable = usableChannels(user, { whatsapp: this.config.whatsapp.enabled });
    if (chosen?.length) {
      const refused = chosen.filter((c) => !usable.includes(c));
      if (refused.length)
        throw conflict(`channels: ${refused.join(', ')} cannot reach this account (${usable.join(', ')} can).`, { fields: ['channels'], channels: usable });
      return { ...consents, backInStock: { ...consents.backInStock, ...Object.fromEntries(chosen.map((c) => [c, true])) } };
    }
    // "On" is what the notice itself will find when it is sent (noticeReachOf: a switch with somewhere to go).
    if ((await this.reachOf(userId)).length > 0) return null;
    const facts: NoChannelFacts = { channels: usable, emailUnverified: user.email !== '' && !user.verifyEmail };
    throw new AppError(409, ErrorCode.NoChannel, 'No channel is on for back-in-stock notices: choose how to be told (channels).', { ...facts });
  }

  /** Stores what keepWord answered, in the wait's own transaction. */
  async store(tx: Pick<Db, 'update'>, userId: string, consents: ConsentsToStore): Promise<void> {
    if (consents) await storeNoticeConsents(tx, userId, consents);
  }

  /** The channels a back-in-stock notice would go by now (the rule the notice itself asks when it is sent). */
  async reachOf(userId: string): Promise<NoticeChannel[]> {
    return (await noticeReachOf(this.db, userId, 'backInStock'))?.channels ?? [];
  }
}
