import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { guardedCell } from '@haat/shared/common/spreadsheet-cell';
import { eventLoopTurns } from './event-loop-turns.js';
import { xlsxWriter, type SheetWriter } from './xlsx-stream.js';

/** A cell of an export: text, a number, or empty. Amounts and counts are numbers, so they are never guarded. */
export type Cell = string | number | null;

/** What an export is made of: its column heads and its rows, read a batch at a time (never all at once). */
export interface Sheet {
  name: string;
  header: readonly string[];
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>;
}

/**
 * An export as a stream of bytes (docs/product.md#exports): rows are written as they are read, and reading waits
 * while the client is slower than the database, so a 100,000-row export holds a batch of rows, never the file.
 * Other requests are answered between rows (eventLoopTurns): a batch of 1,000 orders' rows held the loop 55–70 CPU-ms.
 * CSV by csv-stringify, with a byte-order mark so that Excel opens the UTF-8 (Hindi names, ₹) as such; Excel by
 * xlsxWriter (the sheet compressed and sent a chunk at a time, nothing grows per row). Every text cell goes through
 * guardedCell, so text a shopper or an admin typed that a spreadsheet would run as a formula (`=HYPERLINK(…)` as a
 * name) is written as text (docs/decisions/0330-books-downloads.md). The books' exports and the catalogue's share it.
 */
export function sheetStream(format: 'csv' | 'xlsx', sheet: Sheet): Readable {
  const out = new PassThrough();
  const write = writeSheet(format === 'csv' ? csvWriter(out) : xlsxWriter(out, sheet.name), sheet);
  write.catch((error: unknown) => out.destroy(error as Error));
  return out;
}

async function writeSheet(writer: SheetWriter, sheet: Sheet): Promise<void> {
  await writer.row(sheet.header);
  const turn = eventLoopTurns();
  for await (const row of sheet.rows) {
    await writer.row(guarded(row));
    await turn();
  }
  await writer.end();
}

/** CSV rows with the SheetWriter's two calls: each row waits for the reader when the stream's buffer is full. */
function csvWriter(out: Writable): SheetWriter {
  const csv = stringify({ cast: { number: String }, bom: true });
  csv.pipe(out);
  return {
    async row(cells) {
      if (!csv.write(cells)) await once(csv, 'drain');
    },
    end() {
      csv.end();
      return Promise.resolve();
    },
  };
}

/** A row with its text cells guarded against formulas; numbers and empty cells as they are. */
const guarded = (row: Cell[]): Cell[] => row.map((cell) => (typeof cell === 'string' ? guardedCell(cell) : cell));
