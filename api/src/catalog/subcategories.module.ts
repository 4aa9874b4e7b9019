import { Module } from '@nestjs/common';
import { SubCategoriesController } from './subcategories.controller.js';
import { SubCategoriesService } from './subcategories.service.js';

@Module({ controllers: [SubCategoriesController], providers: [SubCategoriesService], exports: [SubCategoriesService] })
export class SubCategoriesModule {}
