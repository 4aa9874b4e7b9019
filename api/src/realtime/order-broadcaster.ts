import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderEvents } from '../orders/index.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** Turns committed order changes into socket events. */
@Injectable()
export class OrderBroadcaster implements OnModuleInit {
  constructor(
    private readonly events: OrderEvents,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    this.events.listen({
      placed: ({ order, committedAt }) => this.gateway.newOrder({ orderId: order.id, totalAmt: order.totalAmt, committedAt }),
      changed: ({ order }) => this.gateway.orderStatus(order.userId, { orderId: order.id, status: order.status, payment_status: order.paymentStatus }),
    });
  }
}
