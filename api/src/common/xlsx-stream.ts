import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';

/** A cell of a written sheet: text, a number, or empty. */
export type XlsxCell = string | number | null | undefined;

export interface SheetWriter {
  /** Adds a row; waits while the reader is behind (the stream's buffer is full). */
  row(cells: readonly XlsxCell[]): Promise<void>;
  /** Ends the sheet and the file. */
  end(): Promise<void>;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The package's fixed parts: one workbook of one sheet, one plain style. */
const PARTS = (sheetName: string): Array<[string, string]> => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  ['_rels/.rels', `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`,
  ],
];

/** How much of the sheet's XML is gathered before it is handed to the compressor. */
const CHUNK_CHARS = 64 * 1024;

/**
 * An Excel workbook (.xlsx) of one sheet written to `out` as its rows come: the sheet's XML is compressed by zlib's
 * native deflate, off the event loop, and sent a chunk at a time (yazl's streaming ZIP), so a 100,000-row export holds
 * a chunk, never the file. exceljs's "streaming" writer gathers every part in JSZip and compresses the whole file at
 * its end, holding it all (a 100,000-row export rose the API's memory 74 MiB and sent its first byte last), and
 * fflate's deflate in JavaScript took 4.5 CPU-s for it on the event loop (docs/benchmarks.md#books). Text is written
 * as inline strings, so nothing grows per row; numbers as numbers.
 */
export function xlsxWriter(out: Writable, sheetName: string): SheetWriter {
  const zip = new yazl.ZipFile();
  zip.outputStream.on('error', (error: Error) => out.destroy(error));
  zip.outputStream.pipe(out);
  const mtime = new Date();
  for (const [name, text] of PARTS(sheetName)) zip.addBuffer(Buffer.from(text), name, { mtime });
  const sheet = new PassThrough();
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { mtime });
  zip.end();
  let pending = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
  let rowNumber = 0;
  const letters: string[] = [];
  const send = async () => {
    const flowing = sheet.write(pending);
    pending = '';
    if (!flowing) await once(sheet, 'drain');
  };
  return {
    async row(cells) {
      rowNumber += 1;
      let xml = `<row r="${rowNumber}">`;
      cells.forEach((value, i) => {
        xml += cellXml(`${(letters[i] ??= columnLetters(i))}${rowNumber}`, value);
      });
      pending += `${xml}</row>`;
      if (pending.length >= CHUNK_CHARS) await send();
    },
    async end() {
      pending += '</sheetData></worksheet>';
      await send();
      sheet.end();
    },
  };
}

function cellXml(ref: string, value: XlsxCell): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  const text = escapeXml(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Text as XML character data; characters XML cannot hold at all (control characters but tab and line breaks) dropped. */
function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
