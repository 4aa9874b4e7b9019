#!/usr/bin/env node
/**
 * npm run bench:catalog — the catalogue under load, as a shopper's browser would drive it.
 *
 * 1. Seeds the default demo catalogue (5,000 products) into a fresh embedded PGlite and prints the
 *    seed time (the first start of `npm start`).
 * 2. Creates a scratch database on BENCH_DATABASE_URL's server, starts the built API on it
 *    (node api/dist/main.js, SEED=demo, CATALOG_SIZE=100000) and waits for /api/health.
 * 3. Drives it with autocannon, 16 connections, a short warm-up then BENCH_SECONDS per scenario,
 *    and prints req/s, p50 and p99 for each. Ids, pages and categories are picked at random from the
 *    real catalogue per request, so the read cache cannot make a scenario trivial.
 * 4. Stops the API and drops the scratch database.
 *
 * Environment (all optional): BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_CATALOG_SIZE (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_SKIP_PGLITE_SEED=1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_SECONDS = 2;

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });

/** Starts the built API; resolves once /api/health answers, with the child and its captured log. */
async function startApi(env, { timeoutMs }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-'));
  const started = Date.now();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-pass', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${log}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the API was not up after ${timeoutMs / 1000} s:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    log: () => log,
    readyAfterMs: Date.now() - started,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdminClient(fn) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

function run(url, { title, path, body, duration }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json' },
            // A fresh body per request (random ids, pages), so each scenario reads the real catalogue.
            setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ title, result })),
    );
  });
}

async function scenario(url, spec) {
  await run(url, { ...spec, duration: WARMUP_SECONDS });
  const { result } = await run(url, { ...spec, duration: SECONDS });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    scenario: spec.title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    requests: result.requests.total,
    'non-2xx/errors': bad,
  };
}

async function main() {
  console.log(
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  if (process.env.BENCH_SKIP_PGLITE_SEED !== '1') {
    const pglite = await startApi({ SEED: 'demo', CATALOG_SIZE: '5000', LOG_LEVEL: 'log' }, { timeoutMs: 300_000 });
    const seeded = /Seeded .* in ([\d.]+) s/.exec(pglite.log())?.[1];
    console.log(
      `PGlite, first start with the default demo catalogue (5,000 products): seeded in ${seeded ?? '?'} s, up after ${(pglite.readyAfterMs / 1000).toFixed(1)} s`,
    );
    await pglite.stop();
  }

  const dbName = `haat_bench_${Date.now().toString(36)}`;
  await withAdminClient((c) => c.query(`create database ${dbName}`));
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${dbName}`;
  let api;
  try {
    api = await startApi({ DATABASE_URL: dbUrl.toString(), SEED: 'demo', CATALOG_SIZE: String(CATALOG_SIZE), LOG_LEVEL: 'warn' }, { timeoutMs: 1_800_000 });
    const serverVersion = await withAdminClient(async (c) => (await c.query('show server_version')).rows[0].server_version);
    console.log(
      `PostgreSQL ${serverVersion}: seeded ${CATALOG_SIZE.toLocaleString('en-IN')} products and started in ${(api.readyAfterMs / 1000).toFixed(1)} s`,
    );

    // Real ids to rotate through: every (category, subcategory) pair, and a sample of products.
    const subs = (await (await fetch(`${api.url}/api/subcategory/get`, { method: 'POST' })).json()).data;
    const pairs = subs.flatMap((s) => s.category.map((c) => ({ categoryId: c._id, subCategoryId: s._id })));
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const sample = (
      await db.query('select id, category_ids[1] as category_id, sub_category_ids[1] as sub_category_id from products order by random() limit 20000')
    ).rows;
    const productIds = sample.map((r) => r.id);
    await db.end();
    const lastPage = Math.ceil(CATALOG_SIZE / 12);
    console.log(
      `Rotating over ${pairs.length} category/subcategory pairs, ${productIds.length.toLocaleString('en-IN')} product ids and ${lastPage.toLocaleString('en-IN')} list pages\n`,
    );

    const scenarios = [
      { title: 'product list, page 1', path: '/api/product/get', body: () => ({ page: 1, limit: 12 }) },
      { title: 'product list, random page', path: '/api/product/get', body: () => ({ page: 1 + Math.floor(Math.random() * lastPage), limit: 12 }) },
      {
        title: 'listing by category+subcategory (pages 1-3)',
        path: '/api/product/get-product-by-category-and-subcategory',
        body: () => ({ ...pick(pairs), page: 1 + Math.floor(Math.random() * 3), limit: 12 }),
      },
      { title: 'search "earbuds"', path: '/api/product/search-product', body: () => ({ search: 'earbuds', page: 1 }) },
      { title: 'search "earbds" (typo)', path: '/api/product/search-product', body: () => ({ search: 'earbds', page: 1 }) },
      { title: 'product details (random ids)', path: '/api/product/get-product-details', body: () => ({ productId: pick(productIds) }) },
      // The two rows under every product page.
      {
        title: 'related products (random product)',
        path: '/api/product/get-related-products',
        body: () => {
          const p = pick(sample);
          return { categoryId: p.category_id, subCategoryId: p.sub_category_id, excludeProductId: p.id, limit: 8 };
        },
      },
      {
        title: 'other-category products (random category)',
        path: '/api/product/get-other-category-products',
        body: () => ({ currentCategoryId: pick(pairs).categoryId, limit: 8 }),
      },
    ];
    const rows = [];
    for (const s of scenarios) {
      const row = await scenario(api.url, s);
      rows.push(row);
      console.log(
        `${row.scenario.padEnd(46)} ${String(row['req/s']).padStart(6)} req/s   p50 ${String(row['p50 ms']).padStart(3)} ms   p99 ${String(row['p99 ms']).padStart(3)} ms`,
      );
    }
    console.log('');
    console.table(rows);
    const failed = rows.filter((r) => r['non-2xx/errors'] > 0);
    if (failed.length) {
      console.error(`Some answers were not 2xx: ${failed.map((r) => r.scenario).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await api?.stop();
    await withAdminClient((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
