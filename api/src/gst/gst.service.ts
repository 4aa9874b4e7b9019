import { Inject, Injectable } from '@nestjs/common';
import type { Gstr1 } from '@haat/shared/gst/gstr1.types';
import type { Gstr1Overview } from '@haat/shared/gst/gstr1-overview';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REPORT_DB, type Db } from '../db/database.js';
import { periodBounds } from '../common/india-days.js';
import { issuedInBatches } from '../invoices/index.js';
import { taxFilingReport } from '../catalog/index.js';
import { indiaDay, slabsOn } from '@haat/shared/gst/gst-rates';
import { TAX_FILING_LIMIT, type TaxFiling } from '@haat/shared/gst/tax-filing';
import { Gstr1Builder } from './gstr1.js';
import { OverviewDocuments } from './gstr1-overview.js';

/** The shop's GST return, made from its own tax documents (docs/product.md#gst-return). */
@Injectable()
export class GstService {
  constructor(
    @Inject(REPORT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * GSTR-1 of the documents issued from `from` to `to` (a month or a quarter), both days included; its period (`fp`) is
   * the month of `to`. `names`: the B2B buyers' names by GSTIN, for the CSV.
   */
  async gstr1(from: string, to: string): Promise<{ g: Gstr1; names: ReadonlyMap<string, string> }> {
    return this.made(from, to, null);
  }

  /** The catalogue's tax filing: products to file before they are sold again, and the rate moves of 22 September 2025. */
  taxFiling(): Promise<TaxFiling> {
    return taxFilingReport(this.db, slabsOn(indiaDay(new Date())).rates, TAX_FILING_LIMIT);
  }

  /** The month-end screen's view: each table's totals beside the documents it is made from. */
  async overview(from: string, to: string): Promise<Gstr1Overview> {
    const documents = new OverviewDocuments();
    const { g } = await this.made(from, to, documents);
    return documents.overview(g, from, to);
  }

  /**
   * The return summed a batch of documents at a time, the event loop let go between batches so the API answers
   * others meanwhile (docs/benchmarks.md#books).
   */
  private async made(from: string, to: string, documents: OverviewDocuments | null) {
    const { start, end } = periodBounds(from, to); // tax documents are dated in India's time
    const builder = new Gstr1Builder();
    for await (const batch of issuedInBatches(this.db, start, end)) {
      for (const d of batch) {
        const section = builder.add(d);
        documents?.add(d, section);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { g: builder.result(this.config.seller.gstin, `${to.slice(5, 7)}${to.slice(0, 4)}`), names: builder.names };
  }
}
