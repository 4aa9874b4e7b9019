import { Module } from '@nestjs/common';
import { MailModule } from '../mail/index.js';
import { PushModule } from '../push/index.js';
import { WhatsappModule } from '../whatsapp/index.js';
import { I18nModule } from '../users/index.js';
import { ShopperNotices } from './shopper-notices.js';

@Module({ imports: [I18nModule, MailModule, PushModule, WhatsappModule], providers: [ShopperNotices], exports: [ShopperNotices] })
export class ShopperNoticesModule {}
