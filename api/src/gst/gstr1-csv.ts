import { stringify } from 'csv-stringify/sync';
import type { Gstr1Table } from '@haat/shared/gst/gstr1.schema';
import type { Gstr1, HsnRow, Item, ItemDetail } from '@haat/shared/gst/gstr1.types';
import { placeOfSupplyLabel } from '@haat/shared/gst/gst-state-codes';

type Cell = string | number;
const money = (n: number | undefined) => (n ?? 0).toFixed(2);
const pos = placeOfSupplyLabel;
const TAX = ['Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess Amount'];
const tax = (d: ItemDetail): Cell[] => [d.rt, money(d.txval), money(d.iamt), money(d.camt), money(d.samt), money(d.csamt)];
const perItem = (head: Cell[], itms: Item[]) => itms.map((i) => [...head, ...tax(i.itm_det)]);
const hsn = (rows: HsnRow[]): Cell[][] =>
  rows.map((r) => [r.hsn_sc, r.desc, r.uqc, r.qty, r.rt, money(r.txval), money(r.iamt), money(r.camt), money(r.samt), money(r.csamt)]);
const HSN = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];

/**
 * One table of a GSTR-1 as CSV (docs/product.md#gst-return): the offline tool's spreadsheet columns, one row per
 * rate of each document (as the tool's sheets take them), with the tax amounts beside the taxable value.
 */
const TABLES: Record<Gstr1Table, (g: Gstr1) => { header: string[]; rows: Cell[][] }> = {
  b2b: (g) => ({
    header: ['GSTIN/UIN of Recipient', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Invoice Type', ...TAX],
    rows: g.b2b.flatMap((b) => b.inv.flatMap((v) => perItem([b.ctin, v.inum, v.idt, money(v.val), pos(v.pos), v.rchrg, 'Regular B2B'], v.itms))),
  }),
  b2cl: (g) => ({
    header: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', ...TAX],
    rows: g.b2cl.flatMap((b) => b.inv.flatMap((v) => perItem([v.inum, v.idt, money(v.val), pos(b.pos)], v.itms))),
  }),
  b2cs: (g) => ({
    header: ['Type', 'Place Of Supply', 'Supply Type', ...TAX],
    rows: g.b2cs.map((r) => [r.typ, pos(r.pos), r.sply_ty === 'INTRA' ? 'Intra State' : 'Inter State', ...tax(r)]),
  }),
  cdnr: (g) => ({
    header: ['GSTIN/UIN of Recipient', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', ...TAX],
    rows: g.cdnr.flatMap((b) => b.nt.flatMap((n) => perItem([b.ctin, n.nt_num, n.nt_dt, n.ntty, pos(n.pos), n.rchrg, 'Regular B2B', money(n.val)], n.itms))),
  }),
  cdnur: (g) => ({
    header: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', ...TAX],
    rows: g.cdnur.flatMap((n) => perItem([n.typ, n.nt_num, n.nt_dt, n.ntty, pos(n.pos), money(n.val)], n.itms)),
  }),
  hsn_b2b: (g) => ({ header: HSN, rows: hsn(g.hsn.hsn_b2b) }),
  hsn_b2c: (g) => ({ header: HSN, rows: hsn(g.hsn.hsn_b2c) }),
  doc_issue: (g) => ({
    header: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled', 'Net Issued'],
    rows: g.doc_issue.doc_det.flatMap((d) => d.docs.map((s) => [d.doc_typ, s.from, s.to, s.totnum, s.cancel, s.net_issue])),
  }),
};

export function gstr1Csv(g: Gstr1, table: Gstr1Table): string {
  const { header, rows } = TABLES[table](g);
  return stringify([header, ...rows]);
}
