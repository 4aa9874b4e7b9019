import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import { SHOPPER_ORDERS_PAGE, orderAnchor, stageNoticeKind } from '@haat/shared/orders/stage-notices';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { stageNotice } from '../i18n/stage-notice.js';
import { shopperMail } from '../mail/index.js';
import { OrderEvents, orderMoveKey } from './order-events.js';

/**
 * Each stage a shopper is told of by push (docs/product.md#order-stage-notices) is also a mail, while their "order
 * updates by e-mail" switch is on (read when it is sent, with a one-click unsubscribe: mail-notices.ts), in the
 * language stored on their account; queued in the move's own transaction (OrderEvents.queueNotices).
 */
@Injectable()
export class OrderStageMails implements OnModuleInit {
  constructor(
    private readonly events: OrderEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.queueNotices({
      changed: ({ order, previousStatus, refund }) => {
        if (!stageNoticeKind(previousStatus, order.status, refund !== null, order.fulfilment === 'pickup')) return [];
        const url = `${this.config.publicUrl}${SHOPPER_ORDERS_PAGE}#${orderAnchor(order.id)}`;
        const inLanguages = {} as Record<Language, Record<string, string>>;
        for (const language of LANGUAGES) {
          const notice = stageNotice(language, order.id, previousStatus, order.status, refund !== null ? order.totalAmt : null, order.fulfilment === 'pickup');
          if (!notice) return [];
          inLanguages[language] = { title: notice.title, body: notice.body };
        }
        const key = orderMoveKey(order.id, previousStatus, order.status, refund);
        return [shopperMail(key, { userId: order.userId, topic: 'orderUpdates', kind: 'orderStage', values: { orderId: order.id, url }, inLanguages })];
      },
    });
  }
}
