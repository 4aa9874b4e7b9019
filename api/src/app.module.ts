import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DbModule } from './db/db.module.js';
import { AuthModule } from './auth/auth.module.js';
import { UsersModule } from './users/users.module.js';
import { CategoriesModule } from './categories/categories.module.js';
import { SubCategoriesModule } from './subcategories/subcategories.module.js';
import { ProductsModule } from './products/products.module.js';
import { FilesModule } from './files/files.module.js';
import { SeedModule } from './db/seed/seed.module.js';
import { HealthModule } from './health/health.module.js';
import { CatalogVersionModule } from './products/catalog-version.js';
import { RedisModule } from './redis/redis.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { PushModule } from './push/push.module.js';
import { MailModule } from './mail/mail.module.js';
import { I18nModule } from './i18n/account-languages.js';
import { ThrottleModule } from './throttle/throttle.module.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { CartModule } from './cart/cart.module.js';
import { WishlistModule } from './wishlist/wishlist.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { PublicConfigModule } from './public-config/public-config.module.js';
import { ContactModule } from './contact/contact.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { MetricsModule } from './metrics/metrics.module.js';

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
        AuthModule,
        MailModule,
        ThrottleModule,
        UsersModule,
        AddressesModule,
        CartModule,
        WishlistModule,
        ReviewsModule,
        CategoriesModule,
        SubCategoriesModule,
        ProductsModule,
        FilesModule,
        SeedModule,
        HealthModule,
        OrdersModule,
        PaymentsModule,
        RealtimeModule,
        PushModule,
        PublicConfigModule,
        ContactModule,
        OpenApiModule,
        MetricsModule,
      ],
    };
  }
}
