import { Module } from '@nestjs/common';
import { CatalogBulkController } from './catalog-bulk.controller.js';
import { CatalogImportService } from './catalog-import.service.js';

/** The catalogue's import and export (FilesService comes from the global FilesModule) (docs/decisions/0315-catalogue-import-by-sku.md). */
@Module({ controllers: [CatalogBulkController], providers: [CatalogImportService] })
export class CatalogBulkModule {}
