import { isUtf8 } from 'node:buffer';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse';
import { ErrorCode } from '@haat/shared/common/error-code';
import { IMPORT_MAX_ROWS } from '@haat/shared/catalog/catalog-import';
import { AppError, badRequest } from '../../common/app-error.js';
import { eventLoopTurns } from '../../common/event-loop-turns.js';
import { PICTURES_ZIP_LIMITS, WORKBOOK_LIMITS, checkArchive, unpackEntry, type ZipEntry } from '../../files/index.js';
import { xlsxRowsOffThread } from './sheet-thread.js';
import { csvDelimiter } from './csv-delimiter.js';

/**
 * The file as rows of text cells; `row` as a spreadsheet numbers it (the header is row 1); `unread`, the cells (by
 * index) of formulas saved without a result; `decimalComma`, a semicolon-separated file's figures (1.299,50).
 */
export interface Sheet {
  header: string[];
  rows: Array<{ row: number; cells: string[]; unread?: number[] }>;
  decimalComma?: boolean;
}

/** The pictures ZIP: its file names (folders dropped), and each file's bytes on demand. */
export interface PictureZip {
  names: Set<string>;
  read(name: string): Promise<Buffer | undefined>;
}

export interface ImportUpload {
  sheet: Sheet;
  pictures: PictureZip | null;
  /** The pictures ZIP as sent, kept with the import's job for whichever instance runs it (readZip reopens it). */
  picturesZip?: Buffer | null;
}

/** The most a catalogue file and a pictures ZIP may weigh. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const PICTURES_MAX_BYTES = 100 * 1024 * 1024;

const code = (e: unknown) => (e as { code?: string }).code;
const fileProblem = (field: string, message: string) => badRequest(`${field}: ${message}`, { fields: [field] });

/** Reads the multipart body of an import: `file` (CSV or XLSX) and an optional `pictures` ZIP. */
export async function readImportUpload(req: FastifyRequest): Promise<ImportUpload> {
  if (!req.isMultipart()) throw fileProblem('file', 'send the catalogue as multipart/form-data, in the field "file"');
  const parts: Record<string, Buffer> = {};
  try {
    for await (const part of req.parts({ limits: { files: 2, fileSize: PICTURES_MAX_BYTES, fields: 10 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' && part.fieldname !== 'pictures')
        throw fileProblem(part.fieldname, 'is not a field of the import (send "file" and "pictures")');
      parts[part.fieldname] = await part.toBuffer();
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (code(e) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('pictures', PICTURES_MAX_BYTES);
    if (code(e) === 'FST_FILES_LIMIT') throw fileProblem('file', 'send one catalogue file and at most one pictures ZIP');
    throw fileProblem('file', 'the multipart body could not be read or was interrupted');
  }
  const file = parts.file;
  if (!file) throw fileProblem('file', 'is required (the catalogue as CSV or Excel)');
  if (file.length > IMPORT_FILE_MAX_BYTES) throw tooLarge('file', IMPORT_FILE_MAX_BYTES);
  // A workbook is a ZIP: judged and unpacked within its limits before the sheet reader opens it (files/archives.ts).
  if (file.subarray(0, 4).equals(ZIP)) await checkArchive(file, 'file', WORKBOOK_LIMITS);
  const sheet = await readSheet(file);
  if (sheet.rows.length > IMPORT_MAX_ROWS) throw fileProblem('file', `has more than ${IMPORT_MAX_ROWS} rows; split it into several files`);
  return { sheet, pictures: parts.pictures ? await readZip(parts.pictures) : null, picturesZip: parts.pictures ?? null };
}

const tooLarge = (field: string, max: number) =>
  new AppError(413, ErrorCode.FileTooLarge, `${field}: must be at most ${max / 1024 / 1024} MB.`, { fields: [field] });

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const OLD_EXCEL = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A CSV (UTF-8) or an Excel workbook (its first sheet), told apart by their first bytes. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.subarray(0, 4).equals(OLD_EXCEL)) throw fileProblem('file', 'is an old Excel file (.xls); save it as Excel Workbook (.xlsx) or CSV UTF-8');
  const excel = bytes.subarray(0, 4).equals(ZIP);
  const delimiter = excel ? ',' : csvDelimiter(bytes);
  const rows = excel ? await xlsxRows(bytes) : await csvRows(bytes, delimiter);
  const [first, ...rest] = rows;
  if (!first || first.cells.every((c) => c.trim() === '')) throw fileProblem('file', 'is empty: its first row must name the columns (see the template)');
  return { header: first.cells, rows: rest, ...(delimiter === ';' ? { decimalComma: true } : {}) };
}

/**
 * Bytes of CSV parsed between two chances for other requests to be answered: csv-parse takes a chunk in one go, and
 * 64 KiB (≈ 700 rows) held the loop for 25–40 ms of CPU; 8 KiB is a few (docs/benchmarks.md#books).
 */
const CSV_CHUNK = 8 * 1024;

/** A CSV's records, parsed a chunk at a time with the event loop shared between chunks (a 10,000-row file is 80 ms of CPU). */
async function csvRows(bytes: Buffer, delimiter: ',' | ';'): Promise<Sheet['rows']> {
  if (!isUtf8(bytes) || bytes.includes(0)) throw fileProblem('file', 'is neither an Excel workbook nor CSV in UTF-8 (in Excel: Save As, CSV UTF-8)');
  const records: string[][] = [];
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false, delimiter });
  parser.on('data', (cells: string[]) => records.push(cells));
  const ended = finished(parser);
  ended.catch(() => undefined); // awaited below; a parse error ends the loop first
  const turn = eventLoopTurns();
  for (let at = 0; at < bytes.length && !parser.destroyed; at += CSV_CHUNK) {
    parser.write(bytes.subarray(at, at + CSV_CHUNK));
    await turn();
  }
  parser.end();
  try {
    await ended;
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw fileProblem('file', `could not be read as CSV near line ${line ?? 1}: ${(e as Error).message}`);
  }
  return records.map((cells, i) => ({ row: i + 1, cells }));
}

/** An Excel workbook's first sheet, read off the event loop (sheet-thread.ts). */
async function xlsxRows(bytes: Buffer): Promise<Sheet['rows']> {
  const read = await xlsxRowsOffThread(bytes);
  if ('problem' in read) throw fileProblem('file', read.problem);
  return read;
}

/** A pictures ZIP's file names, its limits checked first (files/archives.ts); a file is unpacked when asked for. */
export async function readZip(bytes: Buffer): Promise<PictureZip> {
  const { entries } = await checkArchive(bytes, 'pictures', PICTURES_ZIP_LIMITS);
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) if (!entry.name.endsWith('/') && !byName.has(baseName(entry.name))) byName.set(baseName(entry.name), entry);
  return {
    names: new Set(byName.keys()),
    read: async (name) => {
      const entry = byName.get(name);
      return entry ? unpackEntry(bytes, entry) : undefined;
    },
  };
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
