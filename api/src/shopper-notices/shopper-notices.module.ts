import { Module } from '@nestjs/common';
import { I18nModule } from '../users/index.js';
import { ShopperNotices } from './shopper-notices.js';

@Module({ imports: [I18nModule], providers: [ShopperNotices], exports: [ShopperNotices] })
export class ShopperNoticesModule {}
