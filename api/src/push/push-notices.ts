import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Language } from '@haat/shared/common/languages';
import type { NoticeTopic } from '@haat/shared/notices/notice-consents';
import { ADMIN_ORDERS_PAGE, type NewOrderPush } from '@haat/shared/orders/order-events';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { t } from '../i18n/i18n.js';
import { newOrderNotice, pickupLockedNotice } from '../i18n/stage-notice.js';
import { NoticeKinds, NoticeRefused, type NoticeJob, type NoticeToQueue } from '../notices/index.js';
import { activeAdminsWithLanguage, noticeTargetOf } from '../users/index.js';
import { pushSubscriptions } from './push-subscriptions.table.js';
import { PUSH_SENDER, type PushSender } from './push-sender.js';

/** What a shopper's notice says, whatever its topic; `tag` (the notice's key) lets the device show a repeat once. */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  orderId?: string;
  tag?: string;
}

/** A notice to every device of one shopper, while they consent to its topic by push. */
export interface ShopperPush {
  userId: string;
  topic: NoticeTopic;
  notice: PushNotice;
  /** The notice in each language, where it was queued without reading the shopper's: theirs is sent. */
  inLanguages?: Record<Language, PushNotice>;
}

/** A push notice to a shopper for the notice queue (`notices.enqueue(tx, shopperPush(…))`, or a handler's `job.enqueue`). */
export function shopperPush(key: string, notice: ShopperPush): NoticeToQueue<ShopperPush> {
  return { kind: 'push-shopper', key: `push:${key}`, payload: notice };
}

/** "New order" to every active admin's devices, each in its admin's language when it is sent. */
export function adminsOrderPush(orderId: string, totalAmt: number): NoticeToQueue<AdminsPush> {
  return { kind: 'push-admins', key: `push:new-order:${orderId}`, payload: { orderId, totalAmt } };
}

/** The admins' notice that a pickup order's hand-over locked (docs/product.md#store-pickup), once per lock. */
export function adminsPickupLockedPush(orderId: string, lockedUntil: Date): NoticeToQueue<AdminsPush> {
  return { kind: 'push-admins', key: `push:pickup-locked:${orderId}:${lockedUntil.toISOString()}`, payload: { orderId, about: 'pickupLocked' } };
}

/** A notice to every admin's devices: a new order (its total), or a pickup hand-over locked. */
interface AdminsPush {
  orderId: string;
  totalAmt?: number;
  /** Absent: a new order. */
  about?: 'pickupLocked';
}

/** One message to one device. */
interface DevicePush {
  subscriptionId: string;
  payload: string;
  /** Asked again just before the send, so a "stop" holds for messages already queued. */
  consent?: { userId: string; topic: NoticeTopic };
}

/**
 * Web Push on the notice queue (docs/decisions/0040-push-notices.md): a notice to a shopper or to the admins fans
 * out, when it is sent, to one queued message per device (key: the notice's key and the subscription), so a device
 * already sent to is not sent to again when another fails and is tried later.
 */
@Injectable()
export class PushNotices implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PUSH_SENDER) private readonly sender: PushSender,
    private readonly kinds: NoticeKinds,
  ) {}

  onModuleInit(): void {
    this.kinds.register<ShopperPush>('push-shopper', { send: (p, job) => this.toShopper(p, job) });
    this.kinds.register<AdminsPush>('push-admins', { send: (p, job) => this.toAdmins(p, job) });
    this.kinds.register<DevicePush>('push', { send: (p, job) => this.toDevice(p, job) });
    // Queued by the SMS budget when strangers press its open share (api/src/sms/sms-budget.ts), once an hour at most.
    this.kinds.register<Record<string, never>>('push-admins-sms', {
      send: (_p, job) =>
        this.toAdminDevices(job, (language) => ({
          title: t(language, 'push.smsStrangers.title'),
          body: t(language, 'push.smsStrangers.body'),
          url: `${this.config.publicUrl}/dashboard/sms-budget`,
        })),
    });
  }

  private async toShopper({ userId, topic, notice, inLanguages }: ShopperPush, job: NoticeJob): Promise<void> {
    // The devices first: most shoppers have none, and then the switch need not be read at all.
    const devices = await this.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (!devices.length) return;
    const target = await noticeTargetOf(this.db, userId, topic, 'push');
    if (!target) return;
    const payload = JSON.stringify({ ...(inLanguages?.[target.language] ?? notice), tag: job.key });
    for (const device of devices)
      job.enqueue({
        kind: 'push',
        key: `${job.key}:${device.id}`,
        payload: { subscriptionId: device.id, payload, consent: { userId, topic } } satisfies DevicePush,
      });
  }

  private async toAdmins({ orderId, totalAmt, about }: AdminsPush, job: NoticeJob): Promise<void> {
    const admins = activeAdminsWithLanguage(this.db);
    const devices = await this.db
      .select({ id: pushSubscriptions.id, language: admins.language })
      .from(pushSubscriptions)
      .innerJoin(admins, eq(admins.id, pushSubscriptions.userId));
    for (const device of devices) {
      const words = about === 'pickupLocked' ? pickupLockedNotice(device.language, orderId) : newOrderNotice(device.language, orderId, totalAmt ?? 0);
      const notice: NewOrderPush = { ...words, url: `${this.config.publicUrl}${ADMIN_ORDERS_PAGE}`, orderId };
      job.enqueue({
        kind: 'push',
        key: `${job.key}:${device.id}`,
        payload: { subscriptionId: device.id, payload: JSON.stringify({ ...notice, tag: job.key }) },
      });
    }
  }

  /** One message to each active admin's device, in that admin's language. */
  private async toAdminDevices(job: NoticeJob, notice: (language: Language) => PushNotice): Promise<void> {
    const admins = activeAdminsWithLanguage(this.db);
    const devices = await this.db
      .select({ id: pushSubscriptions.id, language: admins.language })
      .from(pushSubscriptions)
      .innerJoin(admins, eq(admins.id, pushSubscriptions.userId));
    for (const device of devices)
      job.enqueue({
        kind: 'push',
        key: `${job.key}:${device.id}`,
        payload: { subscriptionId: device.id, payload: JSON.stringify({ ...notice(device.language), tag: job.key }) },
      });
  }

  /** Sends; a device gone (404, 410) is deleted; a refusal (other 4xx) is recorded failed; the rest is tried again. */
  private async toDevice({ subscriptionId, payload, consent }: DevicePush, job: NoticeJob): Promise<void> {
    if (consent && !(await noticeTargetOf(this.db, consent.userId, consent.topic, 'push'))) return;
    const [target] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    if (!target) return;
    job.signal.throwIfAborted();
    const outcome = await this.sender(target, payload);
    if (outcome.kind === 'gone') await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    else if (outcome.kind === 'rejected') throw new NoticeRefused(`push service refused the message (HTTP ${outcome.status})`);
    else if (outcome.kind === 'retry') throw new Error(`push service: ${outcome.reason}`);
  }
}
