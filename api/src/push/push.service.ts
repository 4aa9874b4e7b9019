import { Inject, Injectable } from '@nestjs/common';
import type { ProductPush } from '@haat/shared/notify-me/notify-me.schema';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { PushSubscribeBody } from '@haat/shared/push/push.schema';
import { ADMIN_ORDERS_PAGE, type NewOrderPush, type OrderPush } from '@haat/shared/orders/order-events';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { AppError, conflict } from '../common/app-error.js';
import { activeAdminsWithLanguage, lockUser } from '../users/index.js';
import { newOrderNotice } from '../i18n/stage-notice.js';
import { pushSubscriptions } from './push-subscriptions.table.js';
import { PushQueue } from './push-queue.js';
import type { PushTarget } from './push-sender.js';
import { pushEndpointAllowed } from './push-hosts.js';

/** Subscriptions one account keeps: a new one past this drops the account's oldest (docs/decisions/0040-push-notices.md). */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;
import { VAPID, type VapidKeys } from './vapid-keys.js';

/**
 * Orders placed within this window share one read of the admins' subscriptions (checkout under
 * load: one query per window instead of one per order). The read starts after the window closes,
 * so it sees every subscription as it is after each of those orders; a notice waits at most this long.
 */
const ADMIN_TARGETS_WINDOW_MS = 50;

/** A stored subscription as a notice goes to it (its id to delete it when the service says it is gone). */
type StoredTarget = PushTarget & { id: string };
/** An admin's subscription, with the language its notices are written in. */
type AdminTarget = StoredTarget & { language: Language };

@Injectable()
export class PushService {
  private adminTargets: Promise<AdminTarget[]> | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VAPID) private readonly vapid: VapidKeys,
    private readonly queue: PushQueue,
  ) {}

  publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * One row per endpoint: the same account subscribing again from the same browser refreshes its keys.
   * An endpoint held by another account is never moved (409): an endpoint is no secret, and moving
   * it would take an admin's new-order notices away from them. The conflict is settled in one
   * statement, so two accounts racing for an endpoint cannot both win. Only a browser push service's
   * endpoint is taken (push-hosts.ts), and an account keeps its newest MAX_SUBSCRIPTIONS_PER_ACCOUNT: the
   * account's row is locked while its list is trimmed, so subscriptions arriving together cannot pass it.
   */
  async subscribe(userId: string, body: PushSubscribeBody): Promise<void> {
    if (!pushEndpointAllowed(body.endpoint, this.config.pushServiceHosts)) {
      throw new AppError(
        422,
        ErrorCode.PushEndpointRefused,
        "endpoint: must be a browser's push service (such as fcm.googleapis.com or push.services.mozilla.com).",
        {
          fields: ['endpoint'],
        },
      );
    }
    const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth };
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [stored] = await tx
        .insert(pushSubscriptions)
        .values({ id: newId(), userId, endpoint: body.endpoint, ...keys })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...keys, createdAt: sql`now()` }, setWhere: eq(pushSubscriptions.userId, userId) })
        .returning({ id: pushSubscriptions.id });
      if (!stored) throw conflict('endpoint: This push endpoint belongs to another account; sign out there or unsubscribe it first.', { fields: ['endpoint'] });
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(MAX_SUBSCRIPTIONS_PER_ACCOUNT);
      await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    });
  }

  /** Only the caller's own subscription; an endpoint that is not theirs is left alone. */
  async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    const gone = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return gone.length > 0;
  }

  /** Queues "New order" to the subscriptions of every active admin, never anyone else's, each in its admin's language; returns at once. */
  async notifyAdminsOfOrder(orderId: string, totalAmt: number): Promise<void> {
    const targets = await this.nextAdminTargets();
    for (const language of LANGUAGES) {
      const theirs = targets.filter((t) => t.language === language);
      if (!theirs.length) continue;
      const notice: NewOrderPush = { ...newOrderNotice(language, orderId, totalAmt), url: `${this.config.publicUrl}${ADMIN_ORDERS_PAGE}`, orderId };
      this.enqueueAll(theirs, JSON.stringify(notice));
    }
  }

  /**
   * Queues a notice to every device of one shopper that asked to hear of their orders (a device
   * subscribes only when its shopper says so). Returns at once.
   */
  async notifyCustomer(userId: string, notice: OrderPush | ProductPush): Promise<void> {
    const targets = await this.db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    this.enqueueAll(targets, JSON.stringify(notice));
  }

  private enqueueAll(targets: StoredTarget[], payload: string): void {
    for (const target of targets) {
      this.queue.enqueue({
        target,
        payload,
        onGone: async () => {
          await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
        },
      });
    }
  }

  private nextAdminTargets(): Promise<AdminTarget[]> {
    this.adminTargets ??= new Promise<void>((resolve) => setTimeout(resolve, ADMIN_TARGETS_WINDOW_MS).unref()).then(() => {
      this.adminTargets = null;
      const admins = activeAdminsWithLanguage(this.db);
      return this.db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          language: admins.language,
        })
        .from(pushSubscriptions)
        .innerJoin(admins, eq(admins.id, pushSubscriptions.userId));
    });
    return this.adminTargets;
  }
}
