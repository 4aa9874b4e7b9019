import { Global, Module } from '@nestjs/common';
import { PRODUCT_SEARCH } from '../catalog/index.js';
import { SearchIndexService } from './index/index.service.js';
import { SearchService } from './search.service.js';
import { SynonymsController } from './synonyms/synonyms.controller.js';
import { Synonyms } from './synonyms/synonyms.js';
import { SoldKinds } from './sold-kinds.js';
import { ShopBrands } from './brands.js';
import { Occasions } from './occasions.js';
import { OccasionsController } from './occasions.controller.js';

/**
 * Product search: one service (SearchService) in front of the in-process index and its PostgreSQL
 * fallback. Global, and provided as the catalogue's PRODUCT_SEARCH too: the catalogue asks for search
 * through that port rather than importing this module (search reads the catalogue).
 */
@Global()
@Module({
  controllers: [SynonymsController, OccasionsController],
  providers: [SearchService, SearchIndexService, Synonyms, SoldKinds, ShopBrands, Occasions, { provide: PRODUCT_SEARCH, useExisting: SearchService }],
  exports: [SearchService, PRODUCT_SEARCH],
})
export class SearchModule {}
