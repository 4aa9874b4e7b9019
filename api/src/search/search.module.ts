import { Module } from '@nestjs/common';
import { SearchIndexService } from './index/index.service.js';
import { SearchService } from './search.service.js';

/** Product search: one service (SearchService) in front of the in-process index and its PostgreSQL fallback. */
@Module({ providers: [SearchService, SearchIndexService], exports: [SearchService] })
export class SearchModule {}
