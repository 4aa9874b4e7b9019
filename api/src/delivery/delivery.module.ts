import { Module } from '@nestjs/common';
import { DeliveryController } from './delivery.controller.js';
import { DeliveryPromises } from './delivery-promise.js';

@Module({ controllers: [DeliveryController], providers: [DeliveryPromises], exports: [DeliveryPromises] })
export class DeliveryModule {}
