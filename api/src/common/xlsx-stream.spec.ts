import { buffer } from 'node:stream/consumers';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { xlsxWriter, type XlsxCell } from './xlsx-stream.js';

/** The workbook's first sheet as exceljs (the import's reader) reads it back: each row's values from column A. */
async function readBack(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('xlsxWriter', () => {
  it('writes text, numbers and blanks that Excel reads back as they were', async () => {
    const out = new PassThrough();
    const written = buffer(out);
    const book = xlsxWriter(out, 'Orders & <returns>');
    const rows: XlsxCell[][] = [
      ['sku', 'name', 'price', 'note'],
      ['HT-1', 'लाल टी-शर्ट', 499.5, ' leading and trailing '],
      ['HT-2', 'A & B <c> "d"', 0, null],
      ['HT-3', 'bell\u0007 tab\tline\nbreak', -12, ''],
    ];
    for (const row of rows) await book.row(row);
    await book.end();
    const { name, rows: read } = await readBack(await written);
    expect(name).toBe('Orders & <returns>');
    expect(read[0]).toEqual(['sku', 'name', 'price', 'note']);
    expect(read[1]).toEqual(['HT-1', 'लाल टी-शर्ट', 499.5, ' leading and trailing ']);
    expect(read[2]?.slice(0, 3)).toEqual(['HT-2', 'A & B <c> "d"', 0]);
    expect(read[2]?.[3]).toBeUndefined();
    // A control character XML cannot hold is dropped; tab and line break stay.
    expect(read[3]?.slice(0, 3)).toEqual(['HT-3', 'bell tab\tline\nbreak', -12]);
    expect(read).toHaveLength(4);
  });

  it('sends the file while rows still come, and waits for a reader that is behind', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const book = xlsxWriter(out, 'sheet');
    const row = (i: number): XlsxCell[] => [`SKU-${i}`, `A product named ${i} with a longer description ${i * 7919}`, i, i % 3 ? 'yes' : null];
    // Nobody reads yet: a row soon waits for the reader instead of gathering the file.
    let i = 0;
    let waited = false;
    while (i < 50_000 && !waited) {
      const added = book.row(row(i++));
      waited = await Promise.race([added.then(() => false), new Promise<boolean>((resolve) => setImmediate(() => resolve(true)))]);
      if (waited) {
        const chunks: Buffer[] = [];
        out.on('data', (chunk: Buffer) => chunks.push(chunk));
        await added;
        for (; i < 20_000; i++) await book.row(row(i));
        // Bytes reached the reader before the last row was written: the file is not made at its end.
        expect(chunks.reduce((n, c) => n + c.length, 0)).toBeGreaterThan(16 * 1024);
        const ended = new Promise((resolve) => out.on('end', resolve));
        await book.end();
        await ended;
        const { rows } = await readBack(Buffer.concat(chunks));
        expect(rows).toHaveLength(20_000);
        expect(rows[19_999]?.slice(0, 3)).toEqual(row(19_999).slice(0, 3));
      }
    }
    expect(waited).toBe(true);
  });
});
