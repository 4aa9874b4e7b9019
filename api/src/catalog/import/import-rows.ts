import {
  IMPORT_COLUMNS,
  PRODUCT_ONLY_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  importColumnName,
  type ImportColumn,
  type ImportProblem,
} from '@haat/shared/catalog/catalog-import';
import { Sku } from '@haat/shared/catalog/sku';
import { unguardedCell } from '@haat/shared/common/spreadsheet-cell';
import { eventLoopTurns } from '../../common/event-loop-turns.js';
import type { Sheet } from './import-upload.js';

/** One row of the file: its cells by column; a column the file does not have is undefined (left as it is). */
export interface FileRow {
  row: number;
  sku: string;
  cells: Partial<Record<ImportColumn, string>>;
}

/**
 * A product's rows: its own (absent when the file lists only some of its options) and its options'; `repeated`, a
 * second row of its own SKU; `refused`, the rows of it that reading refused (a SKU in two rows), which leave it out whole.
 */
export interface ProductRows {
  sku: string;
  product?: FileRow;
  options: FileRow[];
  repeated: FileRow[];
  refused?: Set<number>;
}

export interface ReadRows {
  columns: Set<ImportColumn>;
  products: ProductRows[];
  problems: ImportProblem[];
  total: number;
}

/**
 * The header checked (every column known, none twice, `sku` there) and the rows grouped by product: a row with an
 * `option` is an option of the product its `product_sku` names. Checks that need nothing stored happen here: a SKU's
 * form, a SKU twice in the file, an option's row without its product's SKU or with a product's field filled. Other
 * requests are answered between rows (eventLoopTurns): a 10,000-row file is 80 ms of CPU.
 */
export async function readRows(sheet: Sheet): Promise<ReadRows> {
  const problems: ImportProblem[] = [];
  const at = new Map<ImportColumn, number>();
  sheet.header.forEach((text, i) => {
    if (text.trim() === '') return;
    const name = importColumnName(text);
    const known = IMPORT_COLUMNS.find((c) => c === name);
    if (!known) problems.push({ row: 1, column: text.trim(), message: 'is not a column of the catalogue file (see the template)' });
    else if (at.has(known)) problems.push({ row: 1, column: known, message: 'is repeated' });
    else at.set(known, i);
  });
  for (const column of REQUIRED_IMPORT_COLUMNS) if (!at.has(column)) problems.push({ row: 1, column, message: 'is a required column' });
  const rows = sheet.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (problems.length) return { columns: new Set(at.keys()), products: [], problems, total: rows.length };
  const unreadRows = new Set<number>();
  const cellsOf = (r: Sheet['rows'][number]) => {
    const out: FileRow['cells'] = {};
    // An exported cell's guard against formulas is dropped (a file exported and imported again is unchanged).
    for (const [column, i] of at) {
      const text = unguardedCell((r.cells[i] ?? '').trim()).trim();
      if (r.unread?.includes(i)) {
        problems.push({ row: r.row, column, message: UNREAD_FORMULA });
        unreadRows.add(r.row);
      }
      out[column] = NUMBER_COLUMNS.has(column) ? asShown(text, sheet.decimalComma ?? false, column) : text;
    }
    return out;
  };
  const groups = new Map<string, ProductRows>();
  const rowsOf = new Map<string, Array<{ row: number; group: ProductRows }>>();
  const turn = eventLoopTurns();
  for (const r of rows) {
    await turn();
    const cells = cellsOf(r);
    const sku = skuIn(cells.sku ?? '', r.row, 'sku', problems);
    if (sku === null) continue;
    const row: FileRow = { row: r.row, sku, cells };
    const group = placeRow(groups, row, problems);
    if (!group) continue;
    rowsOf.set(sku, [...(rowsOf.get(sku) ?? []), { row: r.row, group }]);
    // A cell that could not be read leaves its product out whole, as any bad row does.
    if (unreadRows.has(r.row)) (group.refused ??= new Set()).add(r.row);
  }
  refuseRepeatedSkus(rowsOf, problems);
  return { columns: new Set(at.keys()), products: [...groups.values()], problems, total: rows.length };
}

/** A formula cell saved without its result (a file written by a program, never opened in Excel) has nothing to read. */
const UNREAD_FORMULA = 'is a formula without a saved result; open the file in Excel and save it, or type the value';

/** Columns of figures, read as Excel shows them (asShown). */
const NUMBER_COLUMNS = new Set<ImportColumn>(['price', 'discount', 'stock', 'stock_exported', 'gst_rate']);

/**
 * A figure as Excel shows it: a rupee sign and spaces dropped, thousands separators too (1,299.50, or India's
 * 1,29,999; in a semicolon-separated file, written where a comma is the decimal mark, 1.299,50), and a per cent sign
 * on the columns that are per cents (discount, gst_rate: a cell showing "10 %" is 10). Text that is not such a figure
 * is left as it is, for the product schema to name.
 */
export function asShown(text: string, decimalComma: boolean, column: ImportColumn): string {
  let figure = text.replace(/^₹\s*|^Rs\.?\s*/i, '').replace(/[\s\u00a0\u202f]/g, '');
  if ((column === 'discount' || column === 'gst_rate') && figure.endsWith('%')) figure = figure.slice(0, -1);
  const [group, decimal] = decimalComma ? ['.', ','] : [',', '.'];
  // Thousands (1,299,999) or India's lakhs and crores (12,99,999), then the decimals.
  const grouped = new RegExp(`^-?\\d{1,3}(?:(?:\\${group}\\d{3})+|(?:\\${group}\\d{2})+\\${group}\\d{3})(?:\\${decimal}\\d+)?$`);
  if (figure.includes(group) && grouped.test(figure)) figure = figure.split(group).join('');
  if (decimalComma) figure = figure.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(figure) ? figure : text;
}

/** Puts a row in its product's group; answers the group, or null when the row is refused (problem recorded). */
function placeRow(groups: Map<string, ProductRows>, row: FileRow, problems: ImportProblem[]): ProductRows | null {
  const { cells } = row;
  if (!cells.option) {
    if (cells.product_sku && Sku.safeParse(cells.product_sku).data !== row.sku) {
      problems.push({ row: row.row, column: 'product_sku', message: 'is for an option’s row; leave it blank on a product’s row (its option cell is blank)' });
      return null;
    }
    const group = groupOf(groups, row.sku);
    if (group.product) group.repeated.push(row);
    else group.product = row;
    return group;
  }
  if (!optionRowFits(row, problems)) return null;
  const productSku = skuIn(cells.product_sku ?? '', row.row, 'product_sku', problems);
  if (productSku === null) return null;
  const group = groupOf(groups, productSku);
  group.options.push(row);
  return group;
}

/**
 * A SKU in two or more rows is refused in every one of them, each naming the others, and leaves out whole each product
 * those rows belong to: which row was meant cannot be told, so none is applied.
 */
function refuseRepeatedSkus(rowsOf: Map<string, Array<{ row: number; group: ProductRows }>>, problems: ImportProblem[]): void {
  for (const [, list] of rowsOf) {
    if (list.length < 2) continue;
    const rows = list.map((o) => o.row).join(', ');
    for (const { row, group } of list) {
      problems.push({ row, column: 'sku', message: `is in rows ${rows}: a SKU may be in one row only, so none of them is imported` });
      (group.refused ??= new Set()).add(row);
    }
  }
}

function groupOf(groups: Map<string, ProductRows>, sku: string): ProductRows {
  let group = groups.get(sku);
  if (!group) groups.set(sku, (group = { sku, options: [], repeated: [] }));
  return group;
}

/** A SKU cell in capitals, or null with the problem named. */
function skuIn(text: string, row: number, column: ImportColumn, problems: ImportProblem[]): string | null {
  if (text === '') {
    problems.push({ row, column, message: column === 'sku' ? 'is required' : 'is required on an option’s row: the SKU of its product' });
    return null;
  }
  const parsed = Sku.safeParse(text);
  if (parsed.success) return parsed.data;
  problems.push({ row, column, message: parsed.error.issues[0]?.message ?? 'is not a SKU' });
  return null;
}

/** An option's row leaves the product's own fields blank: they are read from the product's row. */
function optionRowFits(row: FileRow, problems: ImportProblem[]): boolean {
  const filled = PRODUCT_ONLY_COLUMNS.filter((c) => row.cells[c]);
  for (const column of filled) problems.push({ row: row.row, column, message: 'is read from the product’s row; leave it blank on an option’s row' });
  return filled.length === 0;
}
