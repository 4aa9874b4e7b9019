import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogFileQuery, ImportQuery, type ImportFormat } from '@haat/shared/catalog/catalog-import';
import type { Language } from '@haat/shared/common/languages';
import { AdminDownload, Auth, CurrentUser, type AuthUser } from '../../auth/index.js';
import { ZQuery } from '../../common/zod-body.pipe.js';
import { DB, type Db } from '../../db/database.js';
import { RequestLanguage } from '../../i18n/request-language.js';
import { categoryNames } from '../categories.repository.js';
import { MINUTE, RateLimit } from '../../throttle/index.js';
import { exportCatalogue, writeFile } from './catalog-export.js';
import { CatalogImportService, localized } from './catalog-import.service.js';
import { readImportUpload } from './import-upload.js';

const TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The catalogue in bulk, for administrators (docs/product.md#catalogue-in-bulk): export, template, import. */
@Controller('admin/catalog')
export class CatalogBulkController {
  constructor(
    private readonly imports: CatalogImportService,
    @Inject(DB) private readonly db: Db,
  ) {}

  /** Every product and option, one row each, streamed as it is read; by bearer token or a signed link (AdminDownload). */
  @Get('export')
  @AdminDownload()
  @RateLimit({ ip: [20, MINUTE], user: [20, MINUTE] })
  export(@ZQuery(CatalogFileQuery) query: CatalogFileQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    attachment(reply, `catalogue-${new Date().toISOString().slice(0, 10)}`, query.format);
    return exportCatalogue(this.db, query.format);
  }

  /** The file's columns with an example product (atta) and option, under the shop's grocery kind where it has one. */
  @Get('import/template')
  @Auth('ADMIN')
  async template(@ZQuery(CatalogFileQuery) query: CatalogFileQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const names = (await categoryNames(this.db)).map((c) => c.name);
    attachment(reply, 'catalogue-template', query.format);
    return writeFile(templateRows(templateCategory(names)), query.format);
  }

  /** With `dryRun=1` the plan, nothing written; without, the job that applies it (poll GET import/:jobId). */
  @Post('import')
  @HttpCode(200)
  @Auth('ADMIN')
  @RateLimit({ ip: [30, MINUTE], user: [30, MINUTE] })
  async import(@ZQuery(ImportQuery) query: ImportQuery, @Req() req: FastifyRequest, @CurrentUser() admin: AuthUser, @RequestLanguage() language: Language) {
    const upload = await readImportUpload(req);
    if (query.dryRun) return localized(await this.imports.dryRun(upload), language);
    return { jobId: await this.imports.start(upload, admin.id) };
  }

  @Get('import/:jobId')
  @Auth('ADMIN')
  status(@Param('jobId') jobId: string, @RequestLanguage() language: Language, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    return this.imports.status(jobId, language);
  }
}

function attachment(reply: FastifyReply, name: string, format: ImportFormat): void {
  void reply.type(TYPES[format]).header('content-disposition', `attachment; filename="${name}.${format}"`).header('cache-control', 'private, no-store');
}

/** The kinds of category atta belongs to, by their usual names (English or Hindi). */
const GROCERY = /grocer|staple|food|snack|kirana|pantry|atta|किराना|राशन|खाद्य|स्नैक/i;

/** The category the template's atta is filed under: the shop's grocery kind, else its first category (the admin edits it). */
export const templateCategory = (names: readonly string[]): string => names.find((n) => GROCERY.test(n)) ?? names[0] ?? '';

function* templateRows(category: string) {
  yield {
    sku: 'ATTA-5KG',
    name: 'Whole wheat atta',
    category,
    brand: 'Haat',
    unit: '5 kg',
    price: 249,
    discount: 5,
    stock: 40,
    hsn: '1101',
    gst_rate: 5,
    description: 'Stone-ground whole wheat flour.',
    pictures: 'atta.jpg',
  };
  yield { sku: 'ATTA-10KG', product_sku: 'ATTA-5KG', option: '10 kg', price: 479, stock: 15 };
}
