import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@haat/shared/books/export.schema';

/** A cell of an export: text, a number, or empty. */
export type Cell = string | number | null;

/** What an export is made of: its column heads and its rows, read a batch at a time (never all at once). */
export interface Sheet {
  name: string;
  header: readonly string[];
  rows: AsyncIterable<Cell[]>;
}

/**
 * An export as a stream of bytes (docs/product.md#exports): rows are written as they are read, and reading waits
 * while the client is slower than the database, so a 100,000-row export holds a batch of rows, never the file.
 * CSV by csv-stringify; Excel by exceljs's streaming WorkbookWriter (no shared strings, so nothing grows per row).
 */
export function sheetStream(format: ExportFormat, sheet: Sheet): Readable {
  const out = new PassThrough();
  const write = format === 'csv' ? writeCsv(sheet, out) : writeXlsx(sheet, out);
  write.catch((error: unknown) => out.destroy(error as Error));
  return out;
}

async function writeCsv(sheet: Sheet, out: PassThrough): Promise<void> {
  const csv = stringify({ cast: { number: String } });
  csv.pipe(out);
  csv.write([...sheet.header]);
  for await (const row of sheet.rows) await writeRespectingPace(csv, row);
  csv.end();
}

async function writeXlsx(sheet: Sheet, out: PassThrough): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = book.addWorksheet(sheet.name);
  ws.addRow([...sheet.header]).commit();
  for await (const row of sheet.rows) {
    ws.addRow(row).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  ws.commit();
  await book.commit();
}

/** Writes one row, waiting for the reader when the stream's buffer is full. */
async function writeRespectingPace(stream: Writable, row: Cell[]): Promise<void> {
  if (!stream.write(row)) await once(stream, 'drain');
}
