import { Module } from '@nestjs/common';
import { BuyAgainService } from './buy-again.js';
import { AdminOrdersController } from './admin-orders.controller.js';
import { OrderEvents } from './order-events.js';
import { OrderLifecycle } from './lifecycle/order-lifecycle.service.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrderReader } from './order-reader.js';
import { OrderStageMails } from './order-stage-mails.js';
import { OrdersController } from './orders.controller.js';
import { OrdersService } from './orders.service.js';
import { OverviewService } from './overview.service.js';
import { PickupExpiry } from './pickup-expiry.js';
import { PartCancels } from './part-cancels.js';
import { ReturnsService } from './returns.service.js';
import { StoreQueueController } from './store-queue.controller.js';
import { SearchModule } from '../search/index.js';
import { DeliveryModule } from '../delivery/index.js';

@Module({
  imports: [SearchModule, DeliveryModule],
  controllers: [OrdersController, AdminOrdersController, StoreQueueController],
  providers: [
    BuyAgainService,
    OrderEvents,
    OrderLifecycle,
    OrderReader,
    OrderStageMails,
    OrderPlacementService,
    OrdersService,
    OverviewService,
    PartCancels,
    PickupExpiry,
    ReturnsService,
  ],
  exports: [OrderEvents, OrderLifecycle, OrderReader, OrderPlacementService, ReturnsService],
})
export class OrdersModule {}
