import { Module } from '@nestjs/common';
import { AddressesController } from './addresses.controller.js';
import { AddressesService } from './addresses.service.js';
import { PincodeController } from './pincode.controller.js';
import { PincodeService } from './pincode.service.js';

@Module({ controllers: [AddressesController, PincodeController], providers: [AddressesService, PincodeService], exports: [AddressesService] })
export class AddressesModule {}
