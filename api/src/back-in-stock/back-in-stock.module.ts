import { Module } from '@nestjs/common';
import { ShopperNoticesModule } from '../shopper-notices/index.js';
import { BackInStockNotices } from './back-in-stock.notices.js';
import { StockAlertsController } from './stock-alerts.controller.js';
import { StockAlertsService } from './stock-alerts.service.js';
import { NotifyMeChannels } from './notify-me-channels.js';

@Module({ imports: [ShopperNoticesModule], controllers: [StockAlertsController], providers: [StockAlertsService, BackInStockNotices, NotifyMeChannels] })
export class BackInStockModule {}
