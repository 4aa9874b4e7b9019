import { Module } from '@nestjs/common';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({ controllers: [ReviewsController], providers: [ReviewsService] })
export class ReviewsModule {}
