import { Inject, Injectable } from '@nestjs/common';
import type { Gstr1 } from '@haat/shared/gst/gstr1.types';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REPORT_DB, type Db } from '../db/database.js';
import { issuedBetween } from '../invoices/index.js';
import { gstr1 } from './gstr1.js';

const DAY_MS = 86_400_000;
/** The start of a day (YYYY-MM-DD) on India's calendar: tax documents are dated in India's time. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** The shop's GST return, made from its own tax documents (docs/product.md#gst-return). */
@Injectable()
export class GstService {
  constructor(
    @Inject(REPORT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GSTR-1 of the documents issued from `from` to `to`, both days included; its period (`fp`) is the month of `to`. */
  async gstr1(from: string, to: string): Promise<Gstr1> {
    const docs = await issuedBetween(this.db, startOfDay(from), new Date(startOfDay(to).getTime() + DAY_MS));
    return gstr1(this.config.seller.gstin, `${to.slice(5, 7)}${to.slice(0, 4)}`, docs);
  }
}
