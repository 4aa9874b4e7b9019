import { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, badRequest } from '../common/app-error.js';
import { ZipUnreadable, zipEntries, zipEntryCount, type ZipEntry } from './zip-directory.js';
import type { UnpackAnswer, UnpackJob } from './archive-worker.js';

/** What an archive may hold before it is opened (docs/product.md#import-and-export). */
export interface ArchiveLimits {
  /** What the screen and the answer call it ("a pictures ZIP"), and what bytes that are no ZIP are said to be. */
  what: string;
  unreadable: string;
  entries: number;
  /** Unpacked, one file and all together. */
  entryBytes: number;
  totalBytes: number;
  /** Unpacked to packed, of a file past RATIO_FROM_BYTES and of the whole archive. */
  ratio: number;
}

const MB = 1024 * 1024;
/** A file this small cannot hurt whatever its ratio (a blank sheet's XML packs 1000 to 1). */
const RATIO_FROM_BYTES = MB;

/** The import's pictures ZIP: photographs barely pack, so a high ratio is a bomb, not a picture. */
export const PICTURES_ZIP_LIMITS: ArchiveLimits = {
  what: 'a pictures ZIP',
  unreadable: 'could not be read as a ZIP file',
  entries: 5000,
  entryBytes: 25 * MB,
  totalBytes: 300 * MB,
  ratio: 100,
};
/** An Excel workbook (.xlsx is a ZIP of XML): its sheet of 100,000 rows unpacks to some 60 MB, repeated XML packs well. */
export const WORKBOOK_LIMITS: ArchiveLimits = {
  what: 'an Excel workbook',
  unreadable: 'could not be read as an Excel workbook (.xlsx)',
  entries: 1000,
  entryBytes: 120 * MB,
  totalBytes: 160 * MB,
  ratio: 200,
};

/** The thread that unpacks to count (archive-worker.ts): its heap is small, since it keeps nothing it unpacks. */
const THREAD_MEMORY = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** The most a check may take: a ZIP within the caps unpacks in seconds on a shared core. */
const CHECK_TIMEOUT_MS = 60_000;

/** An archive's entries, each judged and unpacked within the caps: what the caller may now open. */
export interface CheckedArchive {
  entries: ZipEntry[];
}

/**
 * Judges an archive before anything is unpacked, then unpacks it as a stream on a thread of its own with a memory limit,
 * keeping nothing: the entry count (from the end record alone), each entry's and the total declared size, the
 * compression ratio, then each entry's actual size against what it declared and the caps. Anything past a limit is a
 * 413 naming `field` and the limit; bytes that are no ZIP, a 400 naming `field`.
 */
export async function checkArchive(zip: Buffer, field: string, limits: ArchiveLimits): Promise<CheckedArchive> {
  const entries = declaredEntries(zip, field, limits);
  const answer = await unpackOnThread({ zip: new Uint8Array(zip), entries, entryBytes: limits.entryBytes, totalBytes: limits.totalBytes });
  if ('over' in answer) {
    if (answer.over === 'declared')
      throw overLimit(field, limits, 'declared', `"${answer.name}" unpacks to other than its header says: the file is damaged or made to unpack the server.`);
    throw overLimit(field, limits, answer.over, answer.over === 'entryBytes' ? entryTooBig(answer.name, limits) : totalTooBig(limits));
  }
  if ('unreadable' in answer) throw badRequest(`${field}: "${answer.name}" ${answer.unreadable}.`, { fields: [field] });
  if ('exceeded' in answer)
    throw overLimit(
      field,
      limits,
      answer.exceeded,
      answer.exceeded === 'memory'
        ? `needs more than ${THREAD_MEMORY.maxOldGenerationSizeMb} MB of memory to unpack, more than ${limits.what} may.`
        : `takes longer than ${CHECK_TIMEOUT_MS / 1000} s to unpack, longer than ${limits.what} may.`,
    );
  if ('error' in answer) throw new Error(`checking an archive failed: ${answer.error}`);
  return { entries };
}

/** Unpacks one entry of a checked archive (its size is known and within the caps): at most its declared bytes. */
export async function unpackEntry(zip: Buffer, entry: ZipEntry): Promise<Buffer> {
  const data = zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  return inflate(data, { maxOutputLength: Math.max(1, entry.declaredSize) });
}
const inflate = promisify(inflateRaw);

/** The directory's judgement: nothing is unpacked yet. */
function declaredEntries(zip: Buffer, field: string, limits: ArchiveLimits): ZipEntry[] {
  let entries: ZipEntry[];
  try {
    const count = zipEntryCount(zip);
    if (count > limits.entries) throw overLimit(field, limits, 'entries', `holds ${count} files; ${limits.what} may hold at most ${limits.entries}.`);
    entries = zipEntries(zip, limits.entries);
  } catch (e) {
    if (e instanceof ZipUnreadable) throw badRequest(`${field}: ${limits.unreadable} (${e.message}).`, { fields: [field] });
    throw e;
  }
  let total = 0;
  for (const e of entries) {
    if (e.declaredSize > limits.entryBytes) throw overLimit(field, limits, 'entryBytes', entryTooBig(e.name, limits));
    if (e.declaredSize > RATIO_FROM_BYTES && e.declaredSize / Math.max(1, e.compressedSize) > limits.ratio)
      throw overLimit(field, limits, 'ratio', `"${e.name}" is packed more than ${limits.ratio} to 1, more than ${limits.what} may be.`);
    total += e.declaredSize;
  }
  if (total > limits.totalBytes) throw overLimit(field, limits, 'totalBytes', totalTooBig(limits));
  if (total > RATIO_FROM_BYTES && total / Math.max(1, zip.length) > limits.ratio)
    throw overLimit(field, limits, 'ratio', `unpacks to more than ${limits.ratio} times its size, more than ${limits.what} may.`);
  return entries;
}

const entryTooBig = (name: string, limits: ArchiveLimits) =>
  `"${name}" unpacks to more than ${limits.entryBytes / MB} MB, the most one file of ${limits.what} may.`;
const totalTooBig = (limits: ArchiveLimits) => `unpacks to more than ${limits.totalBytes / MB} MB in all, the most ${limits.what} may.`;

/** 413 naming the field, the limit and its value. */
function overLimit(
  field: string,
  limits: ArchiveLimits,
  limit: keyof Omit<ArchiveLimits, 'what' | 'unreadable'> | 'declared' | 'memory' | 'time',
  words: string,
): AppError {
  const value =
    limit === 'declared' ? undefined : limit === 'memory' ? THREAD_MEMORY.maxOldGenerationSizeMb * MB : limit === 'time' ? CHECK_TIMEOUT_MS : limits[limit];
  return new AppError(413, ErrorCode.FileTooLarge, `${field}: ${words}`, {
    fields: [field],
    limit: { name: limit, ...(value === undefined ? {} : { value }) },
  });
}

function unpackOnThread(job: UnpackJob): Promise<UnpackAnswer | { exceeded: 'memory' | 'time' }> {
  const worker = startWorker(job);
  let timer: NodeJS.Timeout | undefined;
  return new Promise<UnpackAnswer | { exceeded: 'memory' | 'time' }>((resolve) => {
    timer = setTimeout(() => resolve({ exceeded: 'time' }), CHECK_TIMEOUT_MS);
    worker.once('message', (m: UnpackAnswer) => resolve(m));
    // Out of its memory limit: the archive asked for more than a check may take.
    worker.once('error', (e: Error & { code?: string }) => resolve(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { exceeded: 'memory' } : { error: e.message }));
    worker.once('exit', (code) => resolve({ error: `the thread exited (code ${code})` }));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}

/** Built, the thread runs archive-worker.js beside this file; from the sources (jest) tsx's loader first, as sheet-thread.ts does. */
function startWorker(job: UnpackJob): Worker {
  const here = import.meta.url;
  const options = { workerData: job, transferList: [job.zip.buffer as ArrayBuffer], resourceLimits: THREAD_MEMORY };
  if (!here.endsWith('.ts')) return new Worker(new URL('./archive-worker.js', here), options);
  const source = JSON.stringify(new URL('./archive-worker.ts', here).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`, { ...options, eval: true });
}
