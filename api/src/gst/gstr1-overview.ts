import type { Gstr1, ItemDetail } from '@haat/shared/gst/gstr1.types';
import { OVERVIEW_DOCUMENTS_SHOWN, type Gstr1Overview, type OverviewDocument, type OverviewTable } from '@haat/shared/gst/gstr1-overview';
import { add, paise, rupees, type Paise } from '@haat/shared/money/paise';
import type { IssuedDocument } from '../invoices/index.js';
import { sectionOfIssued, type Section } from './gstr1.js';

type Amounts = Pick<ItemDetail, 'txval' | 'iamt' | 'camt' | 'samt'>;

/** The amounts summed in paise (so the totals are the JSON's to the paisa), back in rupees. */
function totalOf(rows: readonly Amounts[]): Amounts & { txval: number; iamt: number; camt: number; samt: number } {
  const s = (pick: (r: Amounts) => number | undefined) => rupees(add(...rows.map((r) => paise(pick(r) ?? 0) as Paise)));
  return { txval: s((r) => r.txval), iamt: s((r) => r.iamt), camt: s((r) => r.camt), samt: s((r) => r.samt) };
}

function shown(d: IssuedDocument): OverviewDocument {
  const doc = d.document;
  const t = doc.totals;
  return {
    kind: d.kind,
    number: doc.number,
    date: doc.date,
    orderId: doc.orderId,
    buyer: doc.buyer.name,
    gstin: doc.buyer.gstin ?? null,
    state: doc.placeOfSupply,
    total: t.total,
    taxable: t.taxable,
    tax: rupees(add(paise(t.cgst), paise(t.sgst), paise(t.igst))),
  };
}

/**
 * Each table of `g` with its totals and the documents it is made from: B2B, B2CL and B2CS the invoices of their
 * section (B2CS also the credit notes it is reduced by), CDNR and CDNUR the credit notes of B2B and B2CL invoices,
 * the HSN summary and the document summary every document of the period.
 */
export function gstr1Overview(g: Gstr1, from: string, to: string, docs: readonly IssuedDocument[]): Gstr1Overview {
  const of = (kind: IssuedDocument['kind'] | null, section: Section | null) =>
    docs.filter((d) => (kind === null || d.kind === kind) && (section === null || sectionOfIssued(d) === section));
  const items = (groups: ReadonlyArray<{ itms: ReadonlyArray<{ itm_det: ItemDetail }> }>) => groups.flatMap((x) => x.itms.map((i) => i.itm_det));
  const b2bInv = g.b2b.flatMap((b) => b.inv);
  const b2clInv = g.b2cl.flatMap((b) => b.inv);
  const cdnrNotes = g.cdnr.flatMap((b) => b.nt);
  const hsnRows = [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c];
  const series = g.doc_issue.doc_det.flatMap((d) => d.docs);
  const tables: Array<[OverviewTable, number, Amounts[], IssuedDocument[]]> = [
    ['b2b', b2bInv.length, items(b2bInv), of('invoice', 'b2b')],
    ['b2cl', b2clInv.length, items(b2clInv), of('invoice', 'b2cl')],
    ['b2cs', g.b2cs.length, g.b2cs, of(null, 'b2cs')],
    ['cdnr', cdnrNotes.length, items(cdnrNotes), of('credit_note', 'b2b')],
    ['cdnur', g.cdnur.length, items(g.cdnur), of('credit_note', 'b2cl')],
    ['hsn', hsnRows.length, hsnRows, [...docs]],
    ['doc_issue', series.length, [], [...docs]],
  ];
  return {
    gstin: g.gstin,
    fp: g.fp,
    from,
    to,
    tables: tables.map(([table, rows, amounts, documents]) => ({
      table,
      rows,
      ...totalOf(amounts),
      documentCount: documents.length,
      documents: documents.slice(0, OVERVIEW_DOCUMENTS_SHOWN).map(shown),
    })),
  };
}
