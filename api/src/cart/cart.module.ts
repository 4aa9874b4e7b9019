import { Module } from '@nestjs/common';
import { CartController } from './cart.controller.js';
import { CartService } from './cart.service.js';

@Module({ controllers: [CartController], providers: [CartService], exports: [CartService] })
export class CartModule {}
