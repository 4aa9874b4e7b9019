import { Module } from '@nestjs/common';
import { ShopperNotices } from './shopper-notices.js';

@Module({ providers: [ShopperNotices], exports: [ShopperNotices] })
export class ShopperNoticesModule {}
