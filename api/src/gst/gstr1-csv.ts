import { Readable } from 'node:stream';
import { stringify as csvStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { Gstr1Table, HsnPart } from '@haat/shared/gst/gstr1.schema';
import type { Gstr1, HsnRow, Item, ItemDetail, NilSupplyType } from '@haat/shared/gst/gstr1.types';
import { add, paise, rupees } from '@haat/shared/money/paise';
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
/** The template's month names: its dates are DD-MMM-YYYY (21-Sep-2025). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The JSON's DD-MM-YYYY as the template writes it. */
const sheetDate = (portal: string) => `${portal.slice(0, 2)}-${MONTHS[Number(portal.slice(3, 5)) - 1]}-${portal.slice(6)}`;
/** A rate item's last three cells: the rate, the taxable value, and the cess (the tool works out the tax from them). */
const rated = (d: ItemDetail): Cell[] => [d.rt, money(d.txval), money(d.csamt)];
/** One row per rate item of a document, its own cells before them (and `after` them). */
const perItem = (head: Cell[], itms: Item[], after: Cell[] = []) => itms.map((i) => [...head, ...rated(i.itm_det), ...after]);
/** The template's unit for pieces, as its list of UQCs writes it. */
const UQC_TEXT: Record<string, string> = { NOS: 'NOS-NUMBERS' };
const hsn = (rows: HsnRow[]): Cell[][] =>
  rows.map((r) => [
    r.hsn_sc,
    r.desc,
    UQC_TEXT[r.uqc] ?? r.uqc,
    r.qty,
    money(rupees(add(paise(r.txval), paise(r.iamt), paise(r.camt), paise(r.samt), paise(r.csamt)))),
    r.rt,
    money(r.txval),
    money(r.iamt),
    money(r.camt),
    money(r.samt),
    money(r.csamt),
  ]);
/** The offline tool's words for a nil row's supply type. */
const NIL_DESCRIPTION: Record<NilSupplyType, string> = {
  INTRB2B: 'Inter-State supplies to registered persons',
  INTRAB2B: 'Intra-State supplies to registered persons',
  INTRB2C: 'Inter-State supplies to unregistered persons',
  INTRAB2C: 'Intra-State supplies to unregistered persons',
};

/**
 * Each sheet's header row, as the GST portal's GSTR-1 offline tool's Excel workbook template (GSTR1_Excel_Workbook_Template,
 * V2.0) names its columns, in its order; the tool imports a sheet's CSV by these. The tool works out each item's tax from
 * its rate and taxable value, so only the HSN summary carries tax amounts.
 */
export const SHEET_HEADERS: Record<Gstr1Table, readonly string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  exemp: ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies'],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** What a CSV is made from: the return, its B2B buyers' names by GSTIN (the JSON has none), and the HSN part. */
export interface CsvSource {
  g: Gstr1;
  names: ReadonlyMap<string, string>;
  part: HsnPart;
}

/**
 * One table of a GSTR-1 as CSV rows (docs/product.md#gst-return): one row per rate of each document, as the offline tool's
 * sheets take them, dates as DD-MMM-YYYY, places of supply as "29-Karnataka", no reverse charge and no e-commerce operator.
 */
const TABLES: Record<Gstr1Table, (s: CsvSource) => Cell[][]> = {
  b2b: ({ g, names }) =>
    g.b2b.flatMap((b) =>
      b.inv.flatMap((v) =>
        perItem([b.ctin, names.get(b.ctin) ?? '', v.inum, sheetDate(v.idt), money(v.val), pos(v.pos), v.rchrg, '', 'Regular B2B', ''], v.itms),
      ),
    ),
  b2cl: ({ g }) => g.b2cl.flatMap((b) => b.inv.flatMap((v) => perItem([v.inum, sheetDate(v.idt), money(v.val), pos(b.pos), ''], v.itms, ['']))),
  b2cs: ({ g }) => g.b2cs.map((r) => [r.typ, pos(r.pos), '', ...rated(r), '']),
  cdnr: ({ g, names }) =>
    g.cdnr.flatMap((b) =>
      b.nt.flatMap((n) =>
        perItem([b.ctin, names.get(b.ctin) ?? '', n.nt_num, sheetDate(n.nt_dt), n.ntty, pos(n.pos), n.rchrg, 'Regular B2B', money(n.val), ''], n.itms),
      ),
    ),
  cdnur: ({ g }) => g.cdnur.flatMap((n) => perItem([n.typ, n.nt_num, sheetDate(n.nt_dt), n.ntty, pos(n.pos), money(n.val), ''], n.itms)),
  exemp: ({ g }) => g.nil.inv.map((r) => [NIL_DESCRIPTION[r.sply_ty], money(r.nil_amt), money(r.expt_amt), money(r.ngsup_amt)]),
  hsn: ({ g, part }) => hsn(part === 'b2b' ? g.hsn.hsn_b2b : g.hsn.hsn_b2c),
  docs: ({ g }) => g.doc_issue.doc_det.flatMap((d) => d.docs.map((s) => [d.doc_typ, s.from, s.to, s.totnum, s.cancel])),
};

/**
 * A table's CSV. Text cells (a product's name as an HSN row's description, a number, a date) go through guardedCell, so
 * text that a spreadsheet would run as a formula is written as text (docs/decisions/0330-books-downloads.md).
 */
export function gstr1Csv(source: CsvSource, table: Gstr1Table): string {
  return stringify([[...SHEET_HEADERS[table]], ...TABLES[table](source)].map(cellsOf));
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
export function gstr1CsvStream(source: CsvSource, table: Gstr1Table, part = PART): Readable {
  // A turn of the event loop let go between parts: the answer's reader may pull every row at once.
  async function* rows(): AsyncGenerator<string[]> {
    const turn = eventLoopTurns();
    yield cellsOf([...SHEET_HEADERS[table]]);
    for (const some of partsOf(source.g, table, part)) {
      for (const row of TABLES[table]({ ...source, g: some })) yield cellsOf(row);
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
