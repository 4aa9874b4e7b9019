import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import { WhatsappController } from './whatsapp.controller.js';
import { WhatsappNotifier } from './whatsapp-notifier.js';
import { WhatsappQueue } from './whatsapp-queue.js';

@Module({ imports: [OrdersModule], controllers: [WhatsappController], providers: [WhatsappQueue, WhatsappNotifier], exports: [WhatsappQueue] })
export class WhatsappModule {}
