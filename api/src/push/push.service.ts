import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { PushSubscribeBody } from '@haat/shared/push/push.schema';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { AppError, conflict } from '../common/app-error.js';
import { lockUser } from '../users/index.js';
import { pushSubscriptions } from './push-subscriptions.table.js';
import { pushEndpointAllowed } from './push-hosts.js';

/** Subscriptions one account keeps: a new one past this drops the account's oldest (docs/decisions/0040-push-notices.md). */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;
import { VAPID, type VapidKeys } from './vapid-keys.js';

@Injectable()
export class PushService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VAPID) private readonly vapid: VapidKeys,
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
}
