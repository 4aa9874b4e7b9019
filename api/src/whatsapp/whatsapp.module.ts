import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import { WhatsappController } from './whatsapp.controller.js';
import { WhatsappNotifier } from './whatsapp-notifier.js';
import { WhatsappNotices } from './whatsapp-notices.js';

@Module({ imports: [OrdersModule], controllers: [WhatsappController], providers: [WhatsappNotices, WhatsappNotifier] })
export class WhatsappModule {}
