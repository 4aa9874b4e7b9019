import ExcelJS from 'exceljs';
import type { Sheet } from './import-upload.js';

/** Why a workbook could not be read, as the file field's message names it (import-upload.ts makes it a 400). */
export class SheetProblem extends Error {}

/** An Excel workbook's first sheet as rows of text cells (sheet-worker.ts runs it off the API's event loop). */
export async function xlsxRows(bytes: Uint8Array): Promise<Sheet['rows']> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SheetProblem('could not be read as an Excel workbook (.xlsx)');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new SheetProblem('is an Excel workbook without a sheet');
  const rows: Sheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    const unread: number[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value, cell.numFmt);
      if (isFormula(cell.value) && cell.value.result === undefined) unread.push(column - 1);
    });
    rows.push({ row: row.number, cells: Array.from(cells, (c) => c ?? ''), ...(unread.length ? { unread } : {}) });
  });
  return rows;
}

const isFormula = (value: ExcelJS.CellValue): value is ExcelJS.CellFormulaValue | ExcelJS.CellSharedFormulaValue =>
  typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);

/** A number format that shows the value as a per cent ("0%", "0.00 %"; a quoted "%" is text, not the format). */
const isPercentFormat = (numFmt: string | undefined) => !!numFmt && numFmt.replace(/"[^"]*"/g, '').includes('%');

/**
 * A cell as the text a person sees in it (docs/product.md#import-and-export): numbers as typed, a per cent cell as
 * its per cent ("10%" for the 0.1 it holds), a formula's saved result, a link's text.
 */
function cellText(value: ExcelJS.CellValue | undefined, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return isPercentFormat(numFmt) ? `${Number((value * 100).toPrecision(12))}%` : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return cellText(value.result, numFmt);
  if ('text' in value) return cellText(value.text, numFmt);
  return '';
}
