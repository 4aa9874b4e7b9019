import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import type { IssuedDocument } from '../invoices/index.js';
import type { B2csRow, CreditNote, Gstr1 } from '@haat/shared/gst/gstr1.types';
import { paise, type Paise } from '@haat/shared/money/paise';
import { NO_TAX, addTax, byRate, isIntraState, itemDetail, itemsOf, portalDate, posOf, type Tax } from './gst-sums.js';
import { docIssueOf, hsnOf } from './gstr1-summaries.js';

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

/**
 * GSTR-1 of the shop's documents in a period (docs/product.md#gst-return): every figure is a sum of the
 * documents' paise. A credit note of a B2B invoice goes to CDNR, of a B2CL invoice to CDNUR, and of a B2CS
 * sale reduces B2CS where that sale was summed, as the portal takes them (docs/decisions/0305-gstr-1-from-the-shops-documents.md).
 */
export function gstr1(gstin: string, fp: string, docs: readonly IssuedDocument[]): Gstr1 {
  const invoices = docs.filter((d) => d.kind === 'invoice');
  const notes = docs.filter((d) => d.kind === 'credit_note');
  const of = (list: readonly IssuedDocument[], section: Section) => list.filter((d) => sectionOfIssued(d) === section).map((d) => d.document);
  const b2bByBuyer = groupBy(of(invoices, 'b2b'), (d) => d.buyer.gstin!);
  const b2clByPos = groupBy(of(invoices, 'b2cl'), posOf);
  const cdnrByBuyer = groupBy(of(notes, 'b2b'), (d) => d.buyer.gstin!);
  return {
    gstin,
    fp,
    b2b: [...b2bByBuyer].map(([ctin, inv]) => ({
      ctin,
      inv: inv.map((d) => ({
        inum: d.number,
        idt: portalDate(d.date),
        val: d.totals.total,
        pos: posOf(d),
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: itemsOf(d),
      })),
    })),
    b2cl: [...b2clByPos].map(([pos, inv]) => ({
      pos,
      inv: inv.map((d) => ({ inum: d.number, idt: portalDate(d.date), val: d.totals.total, itms: itemsOf(d) })),
    })),
    b2cs: b2csOf(of(invoices, 'b2cs'), of(notes, 'b2cs')),
    cdnr: [...cdnrByBuyer].map(([ctin, nt]) => ({ ctin, nt: nt.map((d) => ({ ...creditNote(d), rchrg: 'N' as const, inv_typ: 'R' as const })) })),
    cdnur: of(notes, 'b2cl').map((d) => ({ typ: 'B2CL' as const, ...creditNote(d) })),
    hsn: hsnOf(docs.map((d) => ({ document: d.document, less: d.kind === 'credit_note', b2b: sectionOfIssued(d) === 'b2b' }))),
    doc_issue: docIssueOf(docs.map((d) => ({ kind: d.kind, number: d.document.number }))),
  };
}

function creditNote(d: InvoiceDocument): CreditNote {
  return { ntty: 'C', nt_num: d.number, nt_dt: portalDate(d.date), pos: posOf(d), val: d.totals.total, itms: itemsOf(d) };
}

/** B2CS: the sales summed by supply type, place of supply and rate, less the credit notes of such sales. */
function b2csOf(sales: readonly InvoiceDocument[], notes: readonly InvoiceDocument[]): B2csRow[] {
  const rows = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number; tax: Tax }>();
  const put = (d: InvoiceDocument, less: boolean) => {
    const sply_ty = isIntraState(d) ? 'INTRA' : 'INTER';
    for (const [rt, tax] of byRate(d.lines)) {
      const key = `${sply_ty}|${posOf(d)}|${rt}`;
      const row = rows.get(key) ?? { sply_ty, pos: posOf(d), rt, tax: NO_TAX };
      rows.set(key, { ...row, tax: addTax(row.tax, tax, less) });
    }
  };
  sales.forEach((d) => put(d, false));
  notes.forEach((d) => put(d, true));
  return [...rows.values()]
    .filter(({ tax }) => Object.values(tax).some((v) => v !== 0))
    .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt || a.sply_ty.localeCompare(b.sply_ty))
    .map(({ sply_ty, pos, rt, tax }) => ({ sply_ty, pos, typ: 'OE' as const, ...itemDetail(rt, tax, sply_ty === 'INTRA') }));
}

/** Items grouped by a key, in the order first seen. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
