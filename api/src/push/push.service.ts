import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { PushSubscribeBody } from '@haat/shared/push/push.schema';
import { ADMIN_ORDERS_PAGE, type NewOrderPush } from '@haat/shared/orders/order-events';
import { formatInr } from '@haat/shared/money/inr';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { users } from '../users/users.table.js';
import { pushSubscriptions } from './push-subscriptions.table.js';
import { PushQueue } from './push-queue.js';
import { VAPID, type VapidKeys } from './vapid-keys.js';

@Injectable()
export class PushService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VAPID) private readonly vapid: VapidKeys,
    private readonly queue: PushQueue,
  ) {}

  publicKey(): string {
    return this.vapid.publicKey;
  }

  /** One row per endpoint: the same browser subscribing again (or for another account) replaces it. */
  async subscribe(userId: string, body: PushSubscribeBody): Promise<void> {
    const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
    await this.db
      .insert(pushSubscriptions)
      .values({ id: newId(), ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  }

  /** Only the caller's own subscription; an endpoint that is not theirs is left alone. */
  async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    const gone = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return gone.length > 0;
  }

  /** Queues "New order" to every admin's subscriptions; returns at once. */
  async notifyAdminsOfOrder(orderId: string, totalAmt: number): Promise<void> {
    const targets = await this.db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(users.role, 'ADMIN'));
    const notice: NewOrderPush = {
      title: 'New order',
      body: `Order ${orderId} · ${formatInr(totalAmt)}`,
      url: `${this.config.publicUrl}${ADMIN_ORDERS_PAGE}`,
      orderId,
    };
    const payload = JSON.stringify(notice);
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
}
