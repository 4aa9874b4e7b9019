// npm run bench:file-storage — what keeping pictures in PostgreSQL or in an S3-compatible bucket costs
// next to the local folder (docs/decisions/0212-pictures-every-instance-can-serve.md).
//
// Makes one typical product picture the way an upload does (a 1600×1200 photo-like PNG → the 1200 px and
// 400 px WebP), then through api/dist's FileStorage classes stores BENCH_PICTURES (default 200) uploads'
// worth of both sizes and reads every large one back, one at a time and then 8 at once: on the local
// folder, on a scratch PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL), and in a bucket of
// s3rver (an S3-compatible server from npm, run as a child process on this machine, its objects in a
// temporary folder). Prints the milliseconds per upload and per read, the CPU milliseconds per upload and
// per read of this process (the API's side: SDK, driver) and of the server (PostgreSQL's backend or
// s3rver), and this process's resident memory after each. CPU is the figure to compare on a shared machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import { cpuSeconds, freePort, load, machine, scratchDatabase } from './lib.mjs';

const PICTURES = Number(process.env.BENCH_PICTURES ?? 200);
// The built API's modules, by URL: the type check of these scripts does not follow them into api/dist,
// whose JavaScript is emitted without its types.
const built = (/** @type {string} */ path) => import(new URL(`../dist/${path}`, import.meta.url).href);
const { LocalFileStorage, PostgresFileStorage } = await built('files/storage.js');
const { S3FileStorage } = await built('files/s3-storage.js');
const { openDatabase } = await built('db/database.js');
const { toWebpVariants } = await built('files/image-processing.js');
const { CreateBucketCommand } = await import('@aws-sdk/client-s3');

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
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * @param {string} name
 * @param {{ put(key: string, bytes: Buffer, type: string): Promise<string> }} storage
 * @param {(key: string) => Promise<unknown>} readLarge
 * @param {() => Promise<number>} serverCpuMs the server's CPU milliseconds so far (0 when there is none)
 */
async function measure(name, storage, readLarge, serverCpuMs) {
  const keys = Array.from({ length: PICTURES }, (_, i) => `bench${i}`);
  /** Wall ms per picture, and this process's and the server's CPU ms per picture, of one phase. */
  const phase = async (/** @type {() => Promise<void>} */ run) => {
    const server = await serverCpuMs();
    const [t, own] = [performance.now(), ownCpu()];
    await run();
    const [took, ownUsed] = [performance.now() - t, ownCpu() - own];
    return { wall: took / PICTURES, own: ownUsed / PICTURES, server: ((await serverCpuMs()) - server) / PICTURES };
  };
  const put = await phase(async () => {
    for (const key of keys) await Promise.all([storage.put(`${key}-large.webp`, large, 'image/webp'), storage.put(`${key}-small.webp`, small, 'image/webp')]);
  });
  const read = await phase(async () => {
    for (const key of keys) await readLarge(key);
  });
  const read8 = await phase(async () => {
    for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((key) => readLarge(key)));
  });
  const f = (/** @type {number} */ n) => n.toFixed(2);
  console.log(
    `| ${name} | ${f(put.wall)} | ${f(read.wall)} | ${f(read8.wall)} | ${f(put.own)} / ${f(put.server)} | ${f(read.own)} / ${f(read.server)} | ${rss()} |`,
  );
}

const { small, large } = await toWebpVariants(await photo());
console.log(
  `${machine()}; load ${load()}; one picture: large ${(large.length / 1024).toFixed(0)} KiB, small ${(small.length / 1024).toFixed(0)} KiB; ${PICTURES} uploads`,
);
console.log(`RSS before: ${rss()} MiB`);
console.log(
  '| storage | ms per upload (both sizes) | ms per read (large) | ms per read, 8 at once | CPU ms per upload: this process / server | CPU ms per read: this process / server | RSS MiB after |',
);
console.log('|---|---|---|---|---|---|---|');

const dir = mkdtempSync(join(tmpdir(), 'haat-bench-files-'));
const local = new LocalFileStorage(dir);
await measure(
  'local folder',
  local,
  (key) => readFile(join(dir, `${key}-large.webp`)),
  async () => 0,
);
rmSync(dir, { recursive: true, force: true });

const scratch = await scratchDatabase();
const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: tmpdir() });
const watcher = new pg.Client({ connectionString: scratch.url });
await watcher.connect();
try {
  const pgStorage = new PostgresFileStorage(handle.db);
  // This database's backends but the watcher's own: the pool's connections as they are at each look.
  const backendsCpuMs = async () => {
    const { rows } = await watcher.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.reduce((sum, r) => sum + cpuSeconds(r.pid) * 1000, 0);
  };
  await measure('PostgreSQL (stored_files)', pgStorage, (key) => pgStorage.read(`${key}-large.webp`), backendsCpuMs);
} finally {
  await watcher.end();
  await handle.close();
  await scratch.drop();
}

// s3rver's own command line, in a child process: its CPU and memory are the server's, as PostgreSQL's are.
const s3dir = mkdtempSync(join(tmpdir(), 'haat-bench-s3-'));
const port = await freePort();
const bin = join(dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin', 's3rver.js');
const server = spawn(process.execPath, [bin, '--address', '127.0.0.1', '--port', String(port), '--directory', s3dir, '--silent'], { stdio: 'ignore' });
try {
  const settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'bench',
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const bucket = new S3FileStorage(settings);
  for (let i = 0; ; i++) {
    try {
      await bucket.client.send(new CreateBucketCommand({ Bucket: 'bench' }));
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await measure(
    'S3-compatible bucket (s3rver)',
    bucket,
    (key) => bucket.read(`${key}-large.webp`),
    async () => cpuSeconds(/** @type {number} */ (server.pid)) * 1000,
  );
} finally {
  server.kill();
  rmSync(s3dir, { recursive: true, force: true });
}
