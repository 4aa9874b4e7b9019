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
    const values = row.values as ExcelJS.CellValue[];
    rows.push({ row: row.number, cells: values.slice(1).map(cellText) });
  });
  return rows;
}

/** A cell as the text a person sees in it: numbers as typed, a formula's result, a link's text. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return cellText(value.result);
  if ('text' in value) return cellText(value.text);
  return '';
}
