import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import { StoresModule } from '../stores/index.js';
import { CallbackOutbox } from './callback-outbox.js';
import { CatalogueWriter } from './catalogue.js';
import { NetworkBuyers } from './network-buyers.js';
import { NetworkOrderNews } from './network-order-news.js';
import { NetworkOrders } from './network-orders.js';
import { NetworkQuotes } from './network-quote.js';
import { NetworkReturns } from './network-returns.js';
import { OndcAdminController } from './ondc-admin.controller.js';
import { OndcController } from './ondc.controller.js';
import { OndcGateway } from './ondc-gateway.js';
import { OndcSearch } from './ondc-search.js';
import { OndcSettingsService } from './ondc-settings.service.js';

/** Selling on ONDC: the shop as a retail seller app (docs/product.md#selling-on-ondc, docs/decisions/0340-selling-on-ondc.md). */
@Module({
  imports: [OrdersModule, StoresModule],
  controllers: [OndcController, OndcAdminController],
  providers: [
    CallbackOutbox,
    CatalogueWriter,
    NetworkBuyers,
    NetworkOrderNews,
    NetworkOrders,
    NetworkQuotes,
    NetworkReturns,
    OndcGateway,
    OndcSearch,
    OndcSettingsService,
  ],
  exports: [OndcSearch],
})
export class OndcModule {}
