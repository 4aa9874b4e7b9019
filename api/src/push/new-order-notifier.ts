import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderEvents } from '../orders/index.js';
import { adminsOrderPush } from './push-notices.js';

/**
 * Every placed order (cash on delivery at once, card once paid) becomes a push notice to the admins, queued with the
 * order in the transaction that places it.
 */
@Injectable()
export class NewOrderNotifier implements OnModuleInit {
  constructor(private readonly events: OrderEvents) {}

  onModuleInit(): void {
    this.events.queueNotices({ placed: ({ order }) => [adminsOrderPush(order.id, order.totalAmt)] });
  }
}
