import type { InvoiceDocument, InvoiceLine } from '@haat/shared/invoices/invoice-document';
import type { ItemDetail, Item } from '@haat/shared/gst/gstr1.types';
import { sameState } from '@haat/shared/addresses/same-state';
import { gstStateCode } from '@haat/shared/gst/gst-state-codes';
import { indiaClock } from '../common/india-days.js';
import { add, paise, rupees, subtract, type Paise } from '@haat/shared/money/paise';

/** A document's (or a sum of documents') taxable value and tax, in paise (docs/decisions/0250-money-in-integer-paise.md). */
export interface Tax {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export const NO_TAX: Tax = { taxable: 0 as Paise, cgst: 0 as Paise, sgst: 0 as Paise, igst: 0 as Paise };

/** A line's figures as printed (rupees to the paisa) back in paise. */
export const taxOfLine = (l: InvoiceLine): Tax => ({ taxable: paise(l.taxable), cgst: paise(l.cgst), sgst: paise(l.sgst), igst: paise(l.igst) });

/** `a + b`, or `a − b` for a credit note that reduces what `a` sums. */
export function addTax(a: Tax, b: Tax, less = false): Tax {
  const op = less ? (x: Paise, y: Paise) => subtract(x, y) : (x: Paise, y: Paise) => add(x, y);
  return { taxable: op(a.taxable, b.taxable), cgst: op(a.cgst, b.cgst), sgst: op(a.sgst, b.sgst), igst: op(a.igst, b.igst) };
}

/**
 * A line at 0 % is a nil-rated supply: GSTR-1 reports it in its own table (`nil`), never in a rate row of B2B, B2CL,
 * B2CS or a credit note's items (docs/decisions/0305-gstr-1-from-the-shops-documents.md).
 */
export const isNilRated = (line: InvoiceLine) => line.rate === 0;

/** A document's taxed lines summed per GST rate, rates in ascending order: the portal takes one item per rate. */
export function byRate(lines: readonly InvoiceLine[]): Array<[number, Tax]> {
  const rates = new Map<number, Tax>();
  for (const line of lines) if (!isNilRated(line)) rates.set(line.rate, addTax(rates.get(line.rate) ?? NO_TAX, taxOfLine(line)));
  return [...rates].sort(([a], [b]) => a - b);
}

/** The portal's item detail: IGST across states, CGST and SGST within the shop's state; no cess on the shop's goods. */
export function itemDetail(rt: number, tax: Tax, intraState: boolean): ItemDetail {
  const amounts = intraState ? { camt: rupees(tax.cgst), samt: rupees(tax.sgst) } : { iamt: rupees(tax.igst) };
  return { rt, txval: rupees(tax.taxable), ...amounts, csamt: 0 };
}

/** A document's items, one per rate, numbered from 1. */
export function itemsOf(doc: InvoiceDocument): Item[] {
  const intra = isIntraState(doc);
  return byRate(doc.lines).map(([rt, tax], i) => ({ num: i + 1, itm_det: itemDetail(rt, tax, intra) }));
}

export const isIntraState = (doc: InvoiceDocument) => sameState(doc.seller.state, doc.placeOfSupply);

/** The place of supply as the portal codes it: the state the invoice names (the delivery pincode's). */
export const posOf = (doc: InvoiceDocument) => gstStateCode(doc.placeOfSupply);

/** A document's date as the portal writes it, DD-MM-YYYY, on India's calendar. */
export function portalDate(iso: string): string {
  const ist = indiaClock(new Date(iso));
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;
}
