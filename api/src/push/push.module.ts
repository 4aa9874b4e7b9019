import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OrdersModule } from '../orders/index.js';
import { NewOrderNotifier } from './new-order-notifier.js';
import { OrderStageNotifier } from './order-stage-notifier.js';
import { PushController } from './push.controller.js';
import { PushNotices } from './push-notices.js';
import { PUSH_SENDER, createPushSender } from './push-sender.js';
import { PushService } from './push.service.js';
import { VAPID, loadVapidKeys, type VapidKeys } from './vapid-keys.js';

@Module({
  imports: [OrdersModule],
  controllers: [PushController],
  providers: [
    { provide: VAPID, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadVapidKeys(config) },
    { provide: PUSH_SENDER, inject: [APP_CONFIG, VAPID], useFactory: (config: AppConfig, vapid: VapidKeys) => createPushSender(config, vapid) },
    PushNotices,
    PushService,
    NewOrderNotifier,
    OrderStageNotifier,
  ],
  exports: [PushService, PushNotices],
})
export class PushModule {}
