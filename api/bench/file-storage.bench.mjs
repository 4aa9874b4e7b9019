// npm run bench:file-storage — what keeping pictures in PostgreSQL costs next to the local folder
// (docs/decisions/0212-pictures-in-postgresql.md).
//
// Makes one typical product picture the way an upload does (a 1600×1200 photo-like PNG → the 1200 px and
// 400 px WebP), then through api/dist's FileStorage classes stores BENCH_PICTURES (default 200) uploads'
// worth of both sizes and reads every large one back, one at a time and then 8 at once, on the local
// folder and on a scratch PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL). Prints the
// milliseconds per upload and per read and this process's resident memory after each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { machine, scratchDatabase } from './lib.mjs';

const PICTURES = Number(process.env.BENCH_PICTURES ?? 200);
// The built API's modules, by URL: the type check of these scripts does not follow them into api/dist,
// whose JavaScript is emitted without its types.
const built = (/** @type {string} */ path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { LocalFileStorage, PostgresFileStorage } = await built('files/storage.js');
const { openDatabase } = await built('db/database.js');
const { toWebpVariants } = await built('files/image-processing.js');

/** Gradients with grain: compresses like a photograph, not like a flat colour. */
async function photo() {
  const [w, h] = [1600, 1200];
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    const y = (i / w) | 0;
    const grain = (Math.random() * 40) | 0;
    raw[i * 3] = ((x * 200) / w + grain) & 255;
    raw[i * 3 + 1] = ((y * 180) / h + grain) & 255;
    raw[i * 3 + 2] = (((x + y) * 90) / (w + h) + 60 + grain) & 255;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);

/** @param {string} name @param {{ put(key: string, bytes: Buffer, type: string): Promise<string> }} storage @param {(key: string) => Promise<unknown>} readLarge */
async function measure(name, storage, readLarge) {
  const keys = Array.from({ length: PICTURES }, (_, i) => `bench${i}`);
  let t = performance.now();
  for (const key of keys) await Promise.all([storage.put(`${key}-large.webp`, large, 'image/webp'), storage.put(`${key}-small.webp`, small, 'image/webp')]);
  const put = (performance.now() - t) / PICTURES;
  t = performance.now();
  for (const key of keys) await readLarge(key);
  const read = (performance.now() - t) / PICTURES;
  t = performance.now();
  for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((key) => readLarge(key)));
  const read8 = (performance.now() - t) / PICTURES;
  console.log(`| ${name} | ${put.toFixed(2)} | ${read.toFixed(2)} | ${read8.toFixed(2)} | ${rss()} |`);
}

const { small, large } = await toWebpVariants(await photo());
console.log(`${machine()}; one picture: large ${(large.length / 1024).toFixed(0)} KiB, small ${(small.length / 1024).toFixed(0)} KiB; ${PICTURES} uploads`);
console.log(`RSS before: ${rss()} MiB`);
console.log('| storage | ms per upload (both sizes) | ms per read (large) | ms per read, 8 at once | RSS MiB after |');
console.log('|---|---|---|---|---|');

const dir = mkdtempSync(join(tmpdir(), 'haat-bench-files-'));
const { readFile } = await import('node:fs/promises');
const local = new LocalFileStorage(dir);
await measure('local folder', local, (key) => readFile(join(dir, `${key}-large.webp`)));
rmSync(dir, { recursive: true, force: true });

const scratch = await scratchDatabase();
const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: tmpdir() });
try {
  const pgStorage = new PostgresFileStorage(handle.db);
  await measure('PostgreSQL (stored_files)', pgStorage, (key) => pgStorage.read(`${key}-large.webp`));
} finally {
  await handle.close();
  await scratch.drop();
}
