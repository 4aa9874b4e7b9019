import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderEvents } from '../orders/index.js';
import { PushNotices } from './push-notices.js';

/** Every placed order (cash on delivery at once, card once paid) becomes a push notice to the admins, queued. */
@Injectable()
export class NewOrderNotifier implements OnModuleInit {
  constructor(
    private readonly events: OrderEvents,
    private readonly push: PushNotices,
  ) {}

  onModuleInit(): void {
    this.events.listen({ placed: ({ order }) => this.push.notifyAdminsOfOrder(order.id, order.totalAmt) });
  }
}
