import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import type { IssuedDocument } from '../invoices/index.js';
import type { B2bInvoice, B2clInvoice, B2csRow, CreditNote, Gstr1 } from '@haat/shared/gst/gstr1.types';
import { paise, type Paise } from '@haat/shared/money/paise';
import { NO_TAX, addTax, byRate, isIntraState, isNilRated, itemDetail, itemsOf, portalDate, posOf, type Tax } from './gst-sums.js';
import { DocIssueSums, HsnSums, NilSums } from './gstr1-summaries.js';

/** The version of the offline tool whose JSON the return is written as (the portal takes a file with its version and hash). */
export const GSTR1_JSON_VERSION = 'GST3.1.6';

/** Inter-state sales to unregistered buyers above this invoice value go invoice by invoice (B2CL): ₹1,00,000 since August 2024. */
export const B2CL_ABOVE = 10_000_000 as Paise;

export type Section = 'b2b' | 'b2cl' | 'b2cs';

/** Where an invoice goes: to a buyer with a GSTIN B2B; inter-state above ₹1 lakh B2CL; every other sale B2CS. */
export function sectionOf(invoice: InvoiceDocument): Section {
  if (invoice.buyer.gstin) return 'b2b';
  return !isIntraState(invoice) && paise(invoice.totals.total) > B2CL_ABOVE ? 'b2cl' : 'b2cs';
}

/** The section of a document: an invoice's own, a credit note's its invoice's. */
export const sectionOfIssued = (d: IssuedDocument): Section => sectionOf(d.invoice ?? d.document);

type PortalCreditNote = CreditNote & { rchrg: 'N'; inv_typ: 'R' };

/**
 * GSTR-1 of the shop's documents in a period (docs/product.md#gst-return), added a document at a time so a month of
 * 100,000 is summed in batches between which the API answers others: every figure is a sum of the documents'
 * paise. A credit note of a B2B invoice goes to CDNR, of a B2CL invoice to CDNUR, and of a B2CS sale reduces B2CS
 * where that sale was summed, as the portal takes them (docs/decisions/0305-gstr-1-from-the-shops-documents.md).
 * Lines at 0 % go to the nil table instead of a rate row: a document with no other line is in no section's table.
 * Documents come in the order issued, and each table lists them so.
 */
export class Gstr1Builder {
  private readonly b2b = new Map<string, B2bInvoice[]>();
  private readonly b2cl = new Map<string, B2clInvoice[]>();
  private readonly b2cs = new B2csSums();
  private readonly cdnr = new Map<string, PortalCreditNote[]>();
  private readonly cdnur: Array<CreditNote & { typ: 'B2CL' }> = [];
  private readonly nil = new NilSums();
  private readonly hsn = new HsnSums();
  private readonly docIssue = new DocIssueSums();
  /** B2B buyers' names by GSTIN, as their first document names them: the CSV's Receiver Name (the JSON has none). */
  readonly names = new Map<string, string>();

  /** Adds one document where it belongs; answers its section (a credit note's is its invoice's). */
  add(issued: IssuedDocument): Section {
    const d = issued.document;
    const section = sectionOfIssued(issued);
    if (section === 'b2b' && !this.names.has(d.buyer.gstin!)) this.names.set(d.buyer.gstin!, d.buyer.name);
    const note = issued.kind === 'credit_note';
    // A document of 0 % lines only has no rate row: it is in the nil table and the HSN summary alone.
    if (!d.lines.every(isNilRated)) this.addTaxed(d, section, note);
    this.nil.add(d, note, section === 'b2b');
    this.hsn.add(d, note, section === 'b2b');
    this.docIssue.add(issued.kind, d.number);
    return section;
  }

  /** A document's taxed lines in its section's table, one item per rate. */
  private addTaxed(d: InvoiceDocument, section: Section, note: boolean): void {
    if (section === 'b2cs') this.b2cs.add(d, note);
    else if (section === 'b2b' && !note) push(this.b2b, d.buyer.gstin!, b2bInvoice(d));
    else if (section === 'b2b') push(this.cdnr, d.buyer.gstin!, { ...creditNote(d), rchrg: 'N', inv_typ: 'R' });
    else if (!note) push(this.b2cl, posOf(d), { inum: d.number, idt: portalDate(d.date), val: d.totals.total, itms: itemsOf(d) });
    else this.cdnur.push({ typ: 'B2CL', ...creditNote(d) });
  }

  result(gstin: string, fp: string): Gstr1 {
    return {
      gstin,
      fp,
      version: GSTR1_JSON_VERSION,
      hash: 'hash',
      b2b: [...this.b2b].map(([ctin, inv]) => ({ ctin, inv })),
      b2cl: [...this.b2cl].map(([pos, inv]) => ({ pos, inv })),
      b2cs: this.b2cs.rows(),
      cdnr: [...this.cdnr].map(([ctin, nt]) => ({ ctin, nt })),
      cdnur: this.cdnur,
      nil: this.nil.result(),
      hsn: this.hsn.result(),
      doc_issue: this.docIssue.result(),
    };
  }
}

/** GSTR-1 of a list of documents in the order issued (Gstr1Builder at once). */
export function gstr1(gstin: string, fp: string, docs: readonly IssuedDocument[]): Gstr1 {
  const builder = new Gstr1Builder();
  for (const d of docs) builder.add(d);
  return builder.result(gstin, fp);
}

function b2bInvoice(d: InvoiceDocument): B2bInvoice {
  return { inum: d.number, idt: portalDate(d.date), val: d.totals.total, pos: posOf(d), rchrg: 'N', inv_typ: 'R', itms: itemsOf(d) };
}

function creditNote(d: InvoiceDocument): CreditNote {
  return { ntty: 'C', nt_num: d.number, nt_dt: portalDate(d.date), pos: posOf(d), val: d.totals.total, itms: itemsOf(d) };
}

/** B2CS: the sales summed by supply type, place of supply and rate, less the credit notes of such sales. */
class B2csSums {
  private readonly sums = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number; tax: Tax }>();

  add(d: InvoiceDocument, less: boolean): void {
    const sply_ty = isIntraState(d) ? 'INTRA' : 'INTER';
    for (const [rt, tax] of byRate(d.lines)) {
      const key = `${sply_ty}|${posOf(d)}|${rt}`;
      const row = this.sums.get(key) ?? { sply_ty, pos: posOf(d), rt, tax: NO_TAX };
      this.sums.set(key, { ...row, tax: addTax(row.tax, tax, less) });
    }
  }

  rows(): B2csRow[] {
    return [...this.sums.values()]
      .filter(({ tax }) => Object.values(tax).some((v) => v !== 0))
      .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt || a.sply_ty.localeCompare(b.sply_ty))
      .map(({ sply_ty, pos, rt, tax }) => ({ sply_ty, pos, typ: 'OE' as const, ...itemDetail(rt, tax, sply_ty === 'INTRA') }));
  }
}

/** Appends `item` to its key's list. */
function push<K, T>(groups: Map<K, T[]>, key: K, item: T): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}
