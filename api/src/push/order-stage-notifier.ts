import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import { SHOPPER_ORDERS_PAGE, orderAnchor, stageNoticeKind } from '@haat/shared/orders/stage-notices';
import { returnNotice, stageNotice } from '../i18n/stage-notice.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OrderEvents, orderMoveKey } from '../orders/index.js';
import { shopperPush, type PushNotice } from './push-notices.js';

/**
 * Every stage an order reaches after it was placed (confirmed, shipped, out for delivery,
 * delivered, cancelled, with the refund if one was started), and each step of a return, becomes one push notice to the devices
 * of its shopper that asked for them, in the shopper's language; it opens the order on their orders page. Queued on the
 * notice queue (push-notices.ts), keyed by the order and the move, so one move is one notice.
 */
@Injectable()
export class OrderStageNotifier implements OnModuleInit {
  constructor(
    private readonly events: OrderEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Queued in the move's own transaction, in every language: whoever moved the order (an admin, Stripe's webhook),
    // the shopper reads it in the language stored on their account when it is sent.
    this.events.queueNotices({
      changed: ({ order, previousStatus, refund }) => {
        if (!stageNoticeKind(previousStatus, order.status, refund !== null, order.fulfilment === 'pickup')) return [];
        const url = `${this.config.publicUrl}${SHOPPER_ORDERS_PAGE}#${orderAnchor(order.id)}`;
        const inLanguages = {} as Record<Language, PushNotice>;
        for (const language of LANGUAGES) {
          const notice = stageNotice(language, order.id, previousStatus, order.status, refund !== null ? order.totalAmt : null, order.fulfilment === 'pickup');
          if (!notice) return [];
          inLanguages[language] = { ...notice, url, orderId: order.id };
        }
        const key = orderMoveKey(order.id, previousStatus, order.status, refund);
        return [shopperPush(key, { userId: order.userId, topic: 'orderUpdates', notice: inLanguages['en-IN'], inLanguages })];
      },
      // Each step of a return too (asked, approved, rejected, received, refunded), opening the same order, queued in
      // the step's own transaction (orders/returns.service.ts).
      returnMoved: ({ orderId, userId, returnId, status, amount }) => {
        const url = `${this.config.publicUrl}${SHOPPER_ORDERS_PAGE}#${orderAnchor(orderId)}`;
        const inLanguages = Object.fromEntries(
          LANGUAGES.map((language) => [language, { ...returnNotice(language, orderId, status, amount), url, orderId }]),
        ) as Record<Language, PushNotice>;
        return [shopperPush(`return:${returnId}:${status}`, { userId, topic: 'orderUpdates', notice: inLanguages['en-IN'], inLanguages })];
      },
    });
  }
}
