import type { Gstr1, ItemDetail } from '@haat/shared/gst/gstr1.types';
import { OVERVIEW_DOCUMENTS_SHOWN, OVERVIEW_TABLES, type Gstr1Overview, type OverviewDocument, type OverviewTable } from '@haat/shared/gst/gstr1-overview';
import { add, paise, rupees } from '@haat/shared/money/paise';
import type { IssuedDocument } from '../invoices/index.js';
import type { Section } from './gstr1.js';
import { isNilRated } from './gst-sums.js';

type Amounts = Pick<ItemDetail, 'txval' | 'iamt' | 'camt' | 'samt'>;

/** The amounts summed in paise (so the totals are the JSON's to the paisa), back in rupees. */
function totalOf(rows: readonly Amounts[]): Amounts & { txval: number; iamt: number; camt: number; samt: number } {
  const s = (pick: (r: Amounts) => number | undefined) => rupees(add(...rows.map((r) => paise(pick(r) ?? 0))));
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
 * The documents each table is made from, counted and the first OVERVIEW_DOCUMENTS_SHOWN kept, a document at a time:
 * B2B, B2CL and B2CS the invoices of their section (B2CS also the credit notes it is reduced by), CDNR and CDNUR the
 * credit notes of B2B and B2CL invoices, each only with a taxed line; the nil table every document with a 0 % line;
 * the HSN summary and the document summary every document of the period.
 */
export class OverviewDocuments {
  private readonly tables = new Map<OverviewTable, { count: number; shown: OverviewDocument[] }>(OVERVIEW_TABLES.map((t) => [t, { count: 0, shown: [] }]));

  add(d: IssuedDocument, section: Section): void {
    const own: OverviewTable = section === 'b2cs' ? 'b2cs' : d.kind === 'invoice' ? section : section === 'b2b' ? 'cdnr' : 'cdnur';
    const lines = d.document.lines;
    const tables: OverviewTable[] = [...(lines.every(isNilRated) ? [] : [own]), ...(lines.some(isNilRated) ? (['nil'] as const) : []), 'hsn', 'doc_issue'];
    for (const table of tables) {
      const entry = this.tables.get(table)!;
      entry.count += 1;
      if (entry.shown.length < OVERVIEW_DOCUMENTS_SHOWN) entry.shown.push(shown(d));
    }
  }

  /** Each table of `g` with its totals beside its documents. */
  overview(g: Gstr1, from: string, to: string): Gstr1Overview {
    const items = (groups: ReadonlyArray<{ itms: ReadonlyArray<{ itm_det: ItemDetail }> }>) => groups.flatMap((x) => x.itms.map((i) => i.itm_det));
    const b2bInv = g.b2b.flatMap((b) => b.inv);
    const b2clInv = g.b2cl.flatMap((b) => b.inv);
    const cdnrNotes = g.cdnr.flatMap((b) => b.nt);
    const hsnRows = [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c];
    const rows: Record<OverviewTable, [number, Amounts[]]> = {
      b2b: [b2bInv.length, items(b2bInv)],
      b2cl: [b2clInv.length, items(b2clInv)],
      b2cs: [g.b2cs.length, g.b2cs],
      cdnr: [cdnrNotes.length, items(cdnrNotes)],
      cdnur: [g.cdnur.length, items(g.cdnur)],
      nil: [g.nil.inv.length, g.nil.inv.map((r) => ({ txval: rupees(add(paise(r.nil_amt), paise(r.expt_amt), paise(r.ngsup_amt))) }))],
      hsn: [hsnRows.length, hsnRows],
      doc_issue: [g.doc_issue.doc_det.flatMap((d) => d.docs).length, []],
    };
    return {
      gstin: g.gstin,
      fp: g.fp,
      from,
      to,
      tables: OVERVIEW_TABLES.map((table) => {
        const { count, shown: documents } = this.tables.get(table)!;
        return { table, rows: rows[table][0], ...totalOf(rows[table][1]), documentCount: count, documents };
      }),
    };
  }
}
