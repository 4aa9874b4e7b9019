import { Inject, Injectable } from '@nestjs/common';
import type { Gstr1 } from '@haat/shared/gst/gstr1.types';
import type { Gstr1Overview } from '@haat/shared/gst/gstr1-overview';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REPORT_DB, type Db } from '../db/database.js';
import { periodBounds } from '../common/india-days.js';
import { issuedBetween } from '../invoices/index.js';
import { gstr1 } from './gstr1.js';
import { gstr1Overview } from './gstr1-overview.js';

/** The shop's GST return, made from its own tax documents (docs/product.md#gst-return). */
@Injectable()
export class GstService {
  constructor(
    @Inject(REPORT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GSTR-1 of the documents issued from `from` to `to`, both days included; its period (`fp`) is the month of `to`. */
  async gstr1(from: string, to: string): Promise<Gstr1> {
    return (await this.made(from, to)).g;
  }

  /** The month-end screen's view: each table's totals beside the documents it is made from. */
  async overview(from: string, to: string): Promise<Gstr1Overview> {
    const { g, docs } = await this.made(from, to);
    return gstr1Overview(g, from, to, docs);
  }

  private async made(from: string, to: string) {
    const { start, end } = periodBounds(from, to); // tax documents are dated in India's time
    const docs = await issuedBetween(this.db, start, end);
    return { g: gstr1(this.config.seller.gstin, `${to.slice(5, 7)}${to.slice(0, 4)}`, docs), docs };
  }
}
