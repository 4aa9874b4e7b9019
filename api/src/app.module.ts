import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DbModule } from './db/db.module.js';
import { AuthModule } from './auth/index.js';
import { UsersModule } from './account/index.js';
import { CatalogBulkModule, CategoriesModule, SubCategoriesModule, ProductsModule, CatalogVersionModule } from './catalog/index.js';
import { FilesModule } from './files/index.js';
import { SeedModule } from './seed/index.js';
import { HealthModule } from './health/index.js';
import { RedisModule } from './redis/redis.module.js';
import { OrdersModule } from './orders/index.js';
import { PaymentsModule } from './payments/index.js';
import { RealtimeModule } from './realtime/index.js';
import { PushModule } from './push/index.js';
import { MailModule } from './mail/index.js';
import { JobsModule } from './jobs/index.js';
import { NoticesModule } from './notices/index.js';
import { SmsModule } from './sms/index.js';
import { WhatsappModule } from './whatsapp/index.js';
import { I18nModule } from './users/index.js';
import { ThrottleModule } from './throttle/index.js';
import { AddressesModule } from './addresses/index.js';
import { CartModule } from './cart/index.js';
import { DeliveryModule } from './delivery/index.js';
import { WishlistModule } from './wishlist/index.js';
import { BackInStockModule } from './back-in-stock/index.js';
import { ReviewsModule } from './reviews/index.js';
import { PublicConfigModule } from './public-config/index.js';
import { ContactModule } from './contact/index.js';
import { OpenApiModule } from './openapi/index.js';
import { MetricsModule } from './metrics/index.js';
import { SearchModule } from './search/index.js';
import { PromotionsModule } from './promotions/index.js';
import { StoresModule } from './stores/index.js';
import { GstModule } from './gst/index.js';
import { BooksModule } from './books/index.js';
import { OndcModule } from './ondc/index.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule.forRoot(),
        RedisModule,
        I18nModule,
        CatalogVersionModule,
        SearchModule,
        AuthModule,
        JobsModule,
        NoticesModule,
        MailModule,
        SmsModule,
        ThrottleModule,
        UsersModule,
        AddressesModule,
        CartModule,
        DeliveryModule,
        WishlistModule,
        BackInStockModule,
        ReviewsModule,
        CategoriesModule,
        SubCategoriesModule,
        ProductsModule,
        CatalogBulkModule,
        FilesModule,
        SeedModule,
        HealthModule,
        OrdersModule,
        PromotionsModule,
        StoresModule,
        GstModule,
        BooksModule,
        PaymentsModule,
        OndcModule,
        RealtimeModule,
        PushModule,
        WhatsappModule,
        PublicConfigModule,
        ContactModule,
        OpenApiModule,
        MetricsModule,
      ],
    };
  }
}
