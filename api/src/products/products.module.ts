import { Module } from '@nestjs/common';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';
import { SearchIndexService } from './search-index/search-index.service.js';

@Module({ controllers: [ProductsController], providers: [ProductsService, SearchIndexService], exports: [ProductsService] })
export class ProductsModule {}
