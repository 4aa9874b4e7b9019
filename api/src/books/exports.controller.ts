import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ExportQuery } from '@haat/shared/books/export.schema';
import { AdminDownload } from '../auth/index.js';
import { ZQuery } from '../common/zod-body.pipe.js';
import { REPORT_DB, type Db } from '../db/database.js';
import { LEDGER_EXPORT_HEADER, ledgerBetween } from '../inventory/index.js';
import { ORDER_EXPORT_HEADER, ordersPlacedBetween } from '../orders/index.js';
import { indiaClock, periodBounds } from '../common/india-days.js';
import { sheetStream, type Cell, type Sheet } from '../common/sheet-stream.js';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/**
 * The books' exports for the accountant, administrators only (checked on the server by @AdminDownload: a bearer token or
 * a signed link, docs/decisions/0330-books-downloads.md): docs/product.md#exports.
 */
@Controller('admin')
export class ExportsController {
  constructor(@Inject(REPORT_DB) private readonly db: Db) {}

  /** The orders placed in the period, one row per line with the order's payment beside it. */
  @Get('orders/export')
  @AdminDownload()
  orders(@ZQuery(ExportQuery) q: ExportQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { start, end } = periodBounds(q.from, q.to);
    const rows = async function* (db: Db): AsyncGenerator<Cell[]> {
      for await (const { order: o, line: l } of ordersPlacedBetween(db, start, end)) {
        const a = o.deliveryAddress;
        yield [
          o.id,
          indiaClock(o.createdAt),
          o.status,
          o.paymentMethod,
          o.paymentStatus,
          o.stripePaymentIntent,
          o.stripeRefundId,
          o.couponCode,
          o.discountAmt,
          o.totalAmt,
          a.name,
          a.state,
          a.pincode,
          a.gstin ?? null,
          l.position + 1,
          l.name,
          l.variantName,
          l.quantity,
          l.unitPrice,
          l.subTotalAmt,
        ];
      }
    };
    return this.send(reply, q, { name: 'Orders', header: ORDER_EXPORT_HEADER, rows: rows(this.db) }, 'orders');
  }

  /** The stock ledger's entries in the period, as written: every change of stock, why, and for which order or admin. */
  @Get('stock/ledger')
  @AdminDownload()
  ledger(@ZQuery(ExportQuery) q: ExportQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { start, end } = periodBounds(q.from, q.to);
    const rows = async function* (db: Db): AsyncGenerator<Cell[]> {
      for await (const e of ledgerBetween(db, start, end)) {
        yield [e.id, indiaClock(e.at), e.sku, e.product, e.option, e.reason, e.onHandDelta, e.reservedDelta, e.orderId, e.adminId];
      }
    };
    return this.send(reply, q, { name: 'Stock ledger', header: LEDGER_EXPORT_HEADER, rows: rows(this.db) }, 'stock-ledger');
  }

  private send(reply: FastifyReply, q: ExportQuery, sheet: Sheet, what: string) {
    void reply
      .type(TYPES[q.format])
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${what}-${q.from}-${q.to}.${q.format}"`);
    return sheetStream(q.format, sheet);
  }
}
