import { Readable } from 'node:stream';
import { stringify as csvStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { Gstr1Table } from '@haat/shared/gst/gstr1.schema';
import type { Gstr1, HsnRow, Item, ItemDetail, NilSupplyType } from '@haat/shared/gst/gstr1.types';
import { placeOfSupplyLabel } from '@haat/shared/gst/gst-state-codes';
import { guardedCell } from '@haat/shared/common/spreadsheet-cell';
import { eventLoopTurns } from '../common/event-loop-turns.js';

/** An amount in rupees, written with its two decimals: a number to a spreadsheet, so never guarded (a credit can be negative). */
class Amount {
  constructor(private readonly rupees: number) {}
  toString(): string {
    return this.rupees.toFixed(2);
  }
}

type Cell = string | number | Amount;
const money = (n: number | undefined) => new Amount(n ?? 0);
const pos = placeOfSupplyLabel;
const TAX = ['Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess Amount'];
const tax = (d: ItemDetail): Cell[] => [d.rt, money(d.txval), money(d.iamt), money(d.camt), money(d.samt), money(d.csamt)];
const perItem = (head: Cell[], itms: Item[]) => itms.map((i) => [...head, ...tax(i.itm_det)]);
const hsn = (rows: HsnRow[]): Cell[][] =>
  rows.map((r) => [r.hsn_sc, r.desc, r.uqc, r.qty, r.rt, money(r.txval), money(r.iamt), money(r.camt), money(r.samt), money(r.csamt)]);
/** The offline tool's words for a nil row's supply type. */
const NIL_DESCRIPTION: Record<NilSupplyType, string> = {
  INTRB2B: 'Inter-State supplies to registered persons',
  INTRAB2B: 'Intra-State supplies to registered persons',
  INTRB2C: 'Inter-State supplies to unregistered persons',
  INTRAB2C: 'Intra-State supplies to unregistered persons',
};
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
  nil: (g) => ({
    header: ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies'],
    rows: g.nil.inv.map((r) => [NIL_DESCRIPTION[r.sply_ty], money(r.nil_amt), money(r.expt_amt), money(r.ngsup_amt)]),
  }),
  hsn_b2b: (g) => ({ header: HSN, rows: hsn(g.hsn.hsn_b2b) }),
  hsn_b2c: (g) => ({ header: HSN, rows: hsn(g.hsn.hsn_b2c) }),
  doc_issue: (g) => ({
    header: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled', 'Net Issued'],
    rows: g.doc_issue.doc_det.flatMap((d) => d.docs.map((s) => [d.doc_typ, s.from, s.to, s.totnum, s.cancel, s.net_issue])),
  }),
};

/**
 * A table's CSV. Text cells (a product's name as an HSN row's description, a number, a date) go through guardedCell, so
 * text that a spreadsheet would run as a formula is written as text (docs/decisions/0330-books-downloads.md).
 */
export function gstr1Csv(g: Gstr1, table: Gstr1Table): string {
  const { header, rows } = TABLES[table](g);
  return stringify([header, ...rows].map(cellsOf));
}

/** A row as written: text guarded, numbers and amounts as they read. */
const cellsOf = (row: Cell[]) => row.map((c) => (typeof c === 'string' ? guardedCell(c) : String(c)));

/** Documents of a table made into rows at a time by gstr1CsvStream. */
const PART = 500;

/** The tables whose documents are grouped (by buyer or place of supply), and each group's list of them. */
const GROUPED = { b2b: 'inv', b2cl: 'inv', cdnr: 'nt' } as const;

/**
 * gstr1Csv's text as a stream: the table's rows made `part` documents at a time (TABLES on a return holding only those)
 * as the answer is read, so a table of 10,000 invoices never holds the event loop at once (docs/benchmarks.md#books).
 */
export function gstr1CsvStream(g: Gstr1, table: Gstr1Table, part = PART): Readable {
  // A turn of the event loop let go between parts: the answer's reader may pull every row at once.
  async function* rows(): AsyncGenerator<string[]> {
    const turn = eventLoopTurns();
    yield cellsOf(TABLES[table]({ ...g, b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [] }).header);
    for (const some of partsOf(g, table, part)) {
      for (const row of TABLES[table](some).rows) yield cellsOf(row);
      await turn();
    }
  }
  return Readable.from(rows()).pipe(csvStream());
}

/** `g` with one table's documents cut into parts of at most `part`, in order; a table not cut, whole. */
function* partsOf(g: Gstr1, table: Gstr1Table, part: number): Generator<Gstr1> {
  if (table === 'b2cs' || table === 'cdnur') {
    for (let i = 0; i < g[table].length; i += part) yield { ...g, [table]: g[table].slice(i, i + part) };
    return;
  }
  if (!(table in GROUPED)) {
    yield g;
    return;
  }
  const list = GROUPED[table as keyof typeof GROUPED];
  for (const group of g[table as keyof typeof GROUPED] as unknown as Array<Record<string, unknown[]>>)
    for (let i = 0; i < group[list]!.length; i += part) yield { ...g, [table]: [{ ...group, [list]: group[list]!.slice(i, i + part) }] };
}
