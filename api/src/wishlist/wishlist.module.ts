import { Module } from '@nestjs/common';
import { ShopperNoticesModule } from '../shopper-notices/index.js';
import { PriceDropNotices } from './price-drop.notices.js';
import { WishlistController } from './wishlist.controller.js';
import { WishlistService } from './wishlist.service.js';

@Module({ imports: [ShopperNoticesModule], controllers: [WishlistController], providers: [WishlistService, PriceDropNotices] })
export class WishlistModule {}
