import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Gstr1Query } from '@haat/shared/gst/gstr1.schema';
import { AdminDownload, Auth } from '../auth/index.js';
import { ZQuery } from '../common/zod-body.pipe.js';
import { ok } from '../common/envelope.js';
import type { Gstr1Overview } from '@haat/shared/gst/gstr1-overview';
import type { TaxFiling } from '@haat/shared/gst/tax-filing';
import { jsonStream } from '../common/json-stream.js';
import { gstr1CsvStream } from './gstr1-csv.js';
import { GstService } from './gst.service.js';

/** Levels of the return opened by jsonStream: down to each invoice of a buyer's (a B2B buyer may have thousands). */
const GSTR1_OPENED = 4;

/** The shop's GST return, for administrators only (checked on the server by @Auth('ADMIN')). */
@Controller('admin/gst')
export class GstController {
  constructor(private readonly gst: GstService) {}

  /**
   * GSTR-1 for a period: the portal's JSON as its offline tool takes it (no envelope: the file is uploaded as it
   * is), or one table as CSV (docs/product.md#gst-return). By bearer token or a signed link (AdminDownload). Either is
   * streamed out a chunk at a time: a month of 100,000 invoices is megabytes, which written at once held the event loop
   * (docs/benchmarks.md#books); the return holds no picture path for the public-URL interceptor to rewrite.
   */
  @Get('gstr1')
  @AdminDownload()
  async gstr1(@ZQuery(Gstr1Query) query: Gstr1Query, @Res({ passthrough: true }) reply: FastifyReply) {
    const { g, names } = await this.gst.gstr1(query.from, query.to);
    const name = `GSTR1-${g.fp}-${query.from}-${query.to}`;
    void reply.header('cache-control', 'private, no-store');
    if (query.format === 'json') {
      void reply.type('application/json; charset=utf-8').header('content-disposition', `attachment; filename="${name}.json"`);
      return jsonStream(g, GSTR1_OPENED);
    }
    const sheet = query.table === 'hsn' ? `hsn_${query.part}` : query.table!;
    void reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${sheet}.csv"`);
    return gstr1CsvStream({ g, names, part: query.part }, query.table!);
  }

  /**
   * The catalogue's tax filing (docs/product.md#tax-invoices): the products not sold until an admin files their HSN code
   * and a rate in force today, and what the move to the rates of 22 September 2025 changed.
   */
  @Get('tax-filing')
  @Auth('ADMIN')
  async taxFiling() {
    return ok<TaxFiling>(await this.gst.taxFiling(), 'Tax filing');
  }

  /** The month-end screen (docs/product.md#gst-return): each table's totals beside the invoices and credit notes it comes from. */
  @Get('gstr1/overview')
  @Auth('ADMIN')
  async overview(@ZQuery(Gstr1Query) query: Gstr1Query) {
    return ok<Gstr1Overview>(await this.gst.overview(query.from, query.to), 'GSTR-1 overview');
  }
}
