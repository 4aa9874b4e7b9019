import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LANGUAGES, type Language } from '@haat/shared/common/languages';
import { stageNoticeKind } from '@haat/shared/orders/stage-notices';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { stageNotice } from '../i18n/stage-notice.js';
import { OrderEvents, orderMoveKey } from '../orders/index.js';
import { whatsappNotice } from './whatsapp-notices.js';

/**
 * Each stage a shopper is told of by push (docs/product.md#order-stage-notices) is queued for WhatsApp too
 * (docs/decisions/0282-order-updates-on-whatsapp.md), keyed by the order and the move; whether it goes, and to which
 * number, is decided when it is sent (whatsapp-notices.ts), so a STOP stops updates already queued.
 */
@Injectable()
export class WhatsappNotifier implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: OrderEvents,
  ) {}

  onModuleInit(): void {
    if (!this.config.whatsapp.enabled) return;
    // Queued in the move's own transaction (OrderEvents.queueNotices).
    this.events.queueNotices({
      changed: ({ order, previousStatus, refund }) => {
        if (!stageNoticeKind(previousStatus, order.status, refund !== null, order.fulfilment === 'pickup')) return [];
        const texts = {} as Record<Language, string>;
        for (const language of LANGUAGES) {
          const notice = stageNotice(language, order.id, previousStatus, order.status, refund !== null ? order.totalAmt : null, order.fulfilment === 'pickup');
          if (!notice) return [];
          texts[language] = notice.body;
        }
        const key = orderMoveKey(order.id, previousStatus, order.status, refund);
        return [whatsappNotice(key, { userId: order.userId, topic: 'orderUpdates', ref: order.id, texts })];
      },
    });
  }
}
