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

/** A product's rows: its own (absent when the file lists only some of its options) and its options'. */
export interface ProductRows {
  sku: string;
  product?: FileRow;
  options: FileRow[];
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
  const cellsOf = (cells: string[]) => {
    const out: FileRow['cells'] = {};
    // An exported cell's guard against formulas is dropped (a file exported and imported again is unchanged).
    for (const [column, i] of at) out[column] = unguardedCell((cells[i] ?? '').trim()).trim();
    return out;
  };
  const groups = new Map<string, ProductRows>();
  const seen = new Map<string, number>();
  const turn = eventLoopTurns();
  for (const r of rows) {
    await turn();
    const cells = cellsOf(r.cells);
    const sku = skuIn(cells.sku ?? '', r.row, 'sku', problems);
    if (sku === null) continue;
    const first = seen.get(sku);
    if (first !== undefined) {
      problems.push({ row: r.row, column: 'sku', message: `is also in row ${first}` });
      continue;
    }
    seen.set(sku, r.row);
    const row: FileRow = { row: r.row, sku, cells };
    if (!cells.option) {
      if (cells.product_sku && Sku.safeParse(cells.product_sku).data !== sku)
        problems.push({ row: r.row, column: 'product_sku', message: 'is for an option’s row; leave it blank on a product’s row (its option cell is blank)' });
      else groupOf(groups, sku).product = row;
      continue;
    }
    if (!optionRowFits(row, problems)) continue;
    const productSku = skuIn(cells.product_sku ?? '', r.row, 'product_sku', problems);
    if (productSku !== null) groupOf(groups, productSku).options.push(row);
  }
  return { columns: new Set(at.keys()), products: [...groups.values()], problems, total: rows.length };
}

function groupOf(groups: Map<string, ProductRows>, sku: string): ProductRows {
  let group = groups.get(sku);
  if (!group) groups.set(sku, (group = { sku, options: [] }));
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
