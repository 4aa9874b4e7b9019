import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import type { ZipEntry } from './zip-directory.js';

/** What the thread is given: the archive, its entries as the directory declares them, and the caps. */
export interface UnpackJob {
  zip: Uint8Array;
  entries: ZipEntry[];
  entryBytes: number;
  totalBytes: number;
}

/** What it answers: every entry unpacked within its caps, or the first that is not and why. */
export type UnpackAnswer =
  { ok: true } | { over: 'declared' | 'entryBytes' | 'totalBytes'; name: string } | { unreadable: string; name: string } | { error: string };

/** Compressed bytes given to the inflater at a time: one piece of a bomb unpacks to at most about a megabyte. */
const PIECE = 1024;

/**
 * Unpacks each entry as a stream and counts what comes out, keeping none of it: past its declared size, the cap of
 * one file or what is left of the archive's total, the inflater is destroyed at once (docs/product.md#import-and-export).
 * Run on a thread with a memory limit (archives.ts), so a file made to unpack the server ends this thread, never the shop.
 */
async function unpackAll(job: UnpackJob): Promise<UnpackAnswer> {
  const zip = Buffer.from(job.zip.buffer, job.zip.byteOffset, job.zip.byteLength);
  let total = 0;
  for (const entry of job.entries) {
    const data = zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    if (entry.method !== 0 && entry.method !== 8)
      return { unreadable: `is packed by a method this shop does not open (${entry.method}); save it as a plain ZIP`, name: entry.name };
    const left = job.totalBytes - total;
    const stopAt = Math.min(entry.declaredSize, job.entryBytes, left);
    let size: number;
    try {
      size = entry.method === 0 ? data.length : await inflatedSize(data, stopAt);
    } catch {
      return { unreadable: 'is damaged: it does not unpack', name: entry.name };
    }
    if (size > left) return { over: 'totalBytes', name: entry.name };
    if (size > job.entryBytes) return { over: 'entryBytes', name: entry.name };
    if (size !== entry.declaredSize) return { over: 'declared', name: entry.name };
    total += size;
  }
  return { ok: true };
}

/** The bytes a deflated entry unpacks to, counted as they stream out; stops as soon as they pass `stopAt`. */
function inflatedSize(data: Buffer, stopAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let size = 0;
    let at = 0;
    let settled = false;
    const settle = (fail?: unknown) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      if (fail) reject(fail instanceof Error ? fail : new Error('the inflater failed'));
      else resolve(size);
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > stopAt) settle();
    });
    inflater.on('end', () => settle());
    inflater.on('error', (e) => settle(e));
    const feed = () => {
      while (!settled && at < data.length) {
        const piece = data.subarray(at, at + PIECE);
        at += PIECE;
        if (!inflater.write(piece)) return void inflater.once('drain', feed);
      }
      if (!settled) inflater.end();
    };
    feed();
  });
}

async function run(port: NonNullable<typeof parentPort>): Promise<void> {
  // Background work beside the shop's requests: the lowest priority (on Linux a thread's own niceness).
  setPriority(19);
  try {
    port.postMessage(await unpackAll(workerData as UnpackJob));
  } catch (e) {
    port.postMessage({ error: String(e) } satisfies UnpackAnswer);
  }
}

if (parentPort) void run(parentPort);
