import { Module } from '@nestjs/common';
import { PublicConfigController } from './public-config.controller.js';

/** GET /api/config/public: the PWA's feature switches (Google sign-in, card payments). */
@Module({ controllers: [PublicConfigController] })
export class PublicConfigModule {}
