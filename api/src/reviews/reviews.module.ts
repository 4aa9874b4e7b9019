import { Module } from '@nestjs/common';
import { SearchModule } from '../search/index.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({ imports: [SearchModule], controllers: [ReviewsController], providers: [ReviewsService] })
export class ReviewsModule {}
