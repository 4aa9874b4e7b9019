import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderEvents } from '../orders/index.js';
import { adminsOrderPush, adminsPickupLockedPush } from './push-notices.js';

/**
 * Every placed order (cash on delivery at once, card once paid) becomes a push notice to the admins, queued with the
 * order in the transaction that places it; so does a pickup hand-over locked after too many wrong codes.
 */
@Injectable()
export class NewOrderNotifier implements OnModuleInit {
  constructor(private readonly events: OrderEvents) {}

  onModuleInit(): void {
    this.events.queueNotices({
      placed: ({ order }) => [adminsOrderPush(order.id, order.totalAmt)],
      // A pickup order's hand-over locked after too many wrong codes (docs/product.md#store-pickup): queued with the lock.
      pickupLocked: (order) => (order.pickupLockedUntil ? [adminsPickupLockedPush(order.id, order.pickupLockedUntil)] : []),
    });
  }
}
