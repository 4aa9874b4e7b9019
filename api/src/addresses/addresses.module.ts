import { Module } from '@nestjs/common';
import { AddressesController } from './addresses.controller.js';
import { AddressesService } from './addresses.service.js';

@Module({ controllers: [AddressesController], providers: [AddressesService], exports: [AddressesService] })
export class AddressesModule {}
