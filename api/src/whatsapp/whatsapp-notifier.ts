import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { stageNoticeKind } from '@haat/shared/orders/stage-notices';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { stageNotice } from '../i18n/stage-notice.js';
import { OrderEvents } from '../orders/index.js';
import { whatsappTargetOf } from '../users/index.js';
import { WhatsappQueue } from './whatsapp-queue.js';

/**
 * Each stage a shopper is told of by push (docs/product.md#order-stage-notices) goes to WhatsApp too, for a
 * shopper who asked for it at their verified mobile (docs/decisions/0282-order-updates-on-whatsapp.md). The
 * wish is read at each stage, so a STOP stops the next update.
 */
@Injectable()
export class WhatsappNotifier implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: OrderEvents,
    private readonly queue: WhatsappQueue,
  ) {}

  onModuleInit(): void {
    if (!this.config.whatsapp.enabled) return;
    this.events.listen({
      changed: async ({ order, previousStatus, refund }) => {
        if (!stageNoticeKind(previousStatus, order.status, refund !== null)) return;
        const target = await whatsappTargetOf(this.db, order.userId);
        if (!target) return;
        const notice = stageNotice(target.language, order.id, previousStatus, order.status, refund !== null ? order.totalAmt : null);
        if (notice) this.queue.enqueue({ to: target.mobile, language: target.language, orderId: order.id, text: notice.body });
      },
    });
  }
}
