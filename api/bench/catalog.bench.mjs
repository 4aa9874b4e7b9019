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
 * 5. Prints every figure beside its target, "meets" or "MISSES" (a missed target does not change the
 *    exit code; a non-2xx answer does). With BENCH_BASELINE=<file written by BENCH_OUTPUT of a
 *    100,000-product run>, each call's target is to stay within 2× of that run (req/s at least half,
 *    p99 at most double): the million-product check. The API process's memory (RSS) is reported.
 *
 * With BENCH_REVIEW_SPAM=1 it measures instead how one customer posting reviews disturbs everyone
 * else: cached reads (list page 1, category listings, product details) and search ("earbuds", and
 * every query distinct), each once quiet and once while that customer posts a review every 25 ms
 * (~40 attempted per second, to products drawn from the same random sample the reads use); the target is within 20 % of quiet (req/s and p50).
 * The API runs with its real rate limits (RATE_LIMIT_FACTOR=1): the customer's attempts past 10 a
 * minute answer 429; the other shoppers' reads come each from its own address (X-Forwarded-For).
 *
 * Environment (all optional): BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_CATALOG_SIZE (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_SKIP_PGLITE_SEED=1,
 * BENCH_OUTPUT (write the figures as JSON), BENCH_BASELINE (compare with such a file), BENCH_REVIEW_SPAM=1,
 * BENCH_API_MAIN (another build of api/dist/main.js, to measure before and after).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import {
  call,
  distinctQueries,
  load,
  MAIN,
  machine,
  must,
  pick,
  printTargets,
  rpsLine,
  scenario,
  scratchDatabase,
  searchIndexReady,
  startApi,
  vocabulary,
} from './lib.mjs';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_SECONDS = 2;
const REVIEW_SPAM = process.env.BENCH_REVIEW_SPAM === '1';
/** Another build of api/dist/main.js (BENCH_API_MAIN), to measure before and after with the same driver. */
const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
/** One review attempt every this many ms while the spammer runs. */
const REVIEW_EVERY_MS = 25;
/** The seed of a million products: within three minutes. */
const SEED_TARGET_SECONDS = 180;

/** Targets per call; calls without one are reported as measured. */
const TARGETS = {
  'product list, page 1': { minRps: 1500, maxP99: 30 },
  'listing by category+subcategory (pages 1-3)': { minRps: 1500, maxP99: 30 },
  'search "earbuds"': { maxP99: 50 },
  'search "earbds" (typo)': { maxP99: 50 },
  'search, every query distinct': { minRps: 1500, maxP99: 30 },
  'product details (random ids)': { minRps: 1500, maxP99: 30 },
};

async function main() {
  const loadAtStart = load();
  console.log(`Machine: ${machine()}, load average ${loadAtStart}`);
  const baseline = process.env.BENCH_BASELINE ? JSON.parse(readFileSync(process.env.BENCH_BASELINE, 'utf8')) : null;

  if (process.env.BENCH_SKIP_PGLITE_SEED !== '1' && !REVIEW_SPAM) {
    const pglite = await startApi({ SEED: 'demo', CATALOG_SIZE: '5000', LOG_LEVEL: 'log' }, { timeoutMs: 300_000, main: API_MAIN });
    const seeded = /Seeded .*? products in ([\d.]+) s/.exec(pglite.log())?.[1];
    console.log(
      `PGlite, first start with the default demo catalogue (5,000 products): seeded in ${seeded ?? '?'} s, up after ${(pglite.readyAfterMs / 1000).toFixed(1)} s`,
    );
    await pglite.stop();
  }

  const scratch = await scratchDatabase();
  let api;
  try {
    // With review spam the limits are real (a review limit loosened a million times would limit nothing);
    // the shoppers' reads then come from many addresses, as they would, so no per-address limit stops them.
    /** @type {Record<string, string>} */
    const limits = REVIEW_SPAM ? { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' } : {};
    api = await startApi(
      { DATABASE_URL: scratch.url, SEED: 'demo', CATALOG_SIZE: String(CATALOG_SIZE), LOG_LEVEL: 'log', ...limits },
      { timeoutMs: 1_800_000, main: API_MAIN },
    );
    const seededSeconds = Number(/Seeded .*? products in ([\d.]+) s/.exec(api.log())?.[1] ?? NaN);
    const seedDetail = /products in [\d.]+ s \(([^)]*)\)/.exec(api.log())?.[1] ?? '';
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    const serverVersion = (await db.query('show server_version')).rows[0].server_version;
    console.log(
      `PostgreSQL ${serverVersion}: seeded ${CATALOG_SIZE.toLocaleString('en-IN')} products in ${seededSeconds} s (${seedDetail}), up after ${(api.readyAfterMs / 1000).toFixed(1)} s; API RSS ${await api.rssMiB()} MiB`,
    );

    // Real ids to rotate through: every (category, subcategory) pair, and a sample of products.
    const subs = (await (await fetch(`${api.url}/api/subcategory/get`, { method: 'POST' })).json()).data;
    const pairs = subs.flatMap((s) => s.category.map((c) => ({ categoryId: c._id, subCategoryId: s._id })));
    const sample = (
      await db.query('select id, category_ids[1] as category_id, sub_category_ids[1] as sub_category_id from products order by random() limit 20000')
    ).rows;
    const productIds = sample.map((r) => r.id);
    await db.end();
    const lastPage = Math.ceil(CATALOG_SIZE / 12);
    const nextQuery = distinctQueries(await vocabulary(api.url, CATALOG_SIZE));
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
      { title: 'search, every query distinct', path: '/api/product/search-product', body: () => ({ search: nextQuery(), page: 1 }) },
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
    // The API builds its search index at start; the searches are measured once it is ready (until then they
    // take the SQL path, and the build's reads and its thread slow every other call too).
    const built = await searchIndexReady(api);
    console.log(`search index: ${built ?? 'NOT READY after 600 s (the searches measure the SQL path)'}; API RSS with it ${await api.rssMiB()} MiB\n`);
    if (REVIEW_SPAM) return await reviewSpam(api, scenarios, productIds);
    const rows = [];
    for (const s of scenarios) {
      const row = await scenario(api.url, s, { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS });
      delete row.side;
      rows.push(row);
      console.log(
        `${row.scenario.padEnd(46)} ${String(row['req/s']).padStart(6)} req/s   p50 ${String(row['p50 ms']).padStart(3)} ms   p99 ${String(row['p99 ms']).padStart(3)} ms`,
      );
    }
    const rss = await api.rssMiB();
    console.log(`\nAPI RSS after the run ${rss} MiB; load average at start ${loadAtStart}, at end ${load()}`);
    console.table(rows);
    if (process.env.BENCH_OUTPUT) writeFileSync(process.env.BENCH_OUTPUT, JSON.stringify({ catalogSize: CATALOG_SIZE, seededSeconds, rss, rows }, null, 2));
    printTargets([
      {
        name: `seed ${CATALOG_SIZE.toLocaleString('en-IN')} products`,
        figure: `${seededSeconds} s`,
        target: CATALOG_SIZE >= 1_000_000 ? `≤ ${SEED_TARGET_SECONDS} s` : undefined,
        meets: seededSeconds <= SEED_TARGET_SECONDS,
      },
      ...rows.map((row) => {
        const before = baseline?.rows.find((b) => b.scenario === row.scenario);
        if (before) {
          return {
            ...rpsLine(row),
            target: `within 2× of ${baseline.catalogSize.toLocaleString('en-IN')} products: ≥ ${Math.round(before['req/s'] / 2)} req/s, p99 ≤ ${before['p99 ms'] * 2} ms`,
            meets: row['req/s'] >= before['req/s'] / 2 && row['p99 ms'] <= before['p99 ms'] * 2,
          };
        }
        return rpsLine(row, TARGETS[row.scenario] ?? {});
      }),
      { name: 'API RSS', figure: `${rss} MiB`, target: undefined, meets: true },
    ]);
    const failed = rows.filter((r) => r['non-2xx/errors'] > 0);
    if (failed.length) {
      console.error(`Some answers were not 2xx: ${failed.map((r) => r.scenario).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await api?.stop();
    await scratch.drop();
  }
}

/**
 * The same calls quiet and while one customer posts reviews as fast as REVIEW_EVERY_MS allows: a
 * review must change only its product's cached entries, not every cached page of the shop.
 */
async function reviewSpam(api, scenarios, ids) {
  const email = 'reviewer@bench.local';
  const password = 'reviewer-pass-123';
  const from = { 'x-forwarded-for': '10.200.0.1' };
  await must(call(api.url, 'POST', '/api/user/register', null, { name: 'Busy Reviewer', email, password, confirmPassword: password }, from), 'register');
  const token = (await must(call(api.url, 'POST', '/api/user/login', null, { email, password }, from), 'login')).data.accesstoken;
  const shopperAddress = () => ({
    'x-forwarded-for': `10.${1 + Math.floor(Math.random() * 199)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
  });
  const spammer = {
    start() {
      let running = true;
      const counts = { ok: 0, limited: 0, failed: 0 };
      // One attempt every REVIEW_EVERY_MS whatever the answers' latency (a script does not wait), at most 16 in flight.
      const inFlight = new Set();
      const loop = (async () => {
        while (running) {
          if (inFlight.size < 16) {
            const attempt = call(api.url, 'POST', '/api/review/add', token, {
              productId: pick(ids),
              rating: 1 + Math.floor(Math.random() * 5),
              comment: 'Again!',
            })
              .then(
                (res) => (res.status === 200 ? (counts.ok += 1) : res.status === 429 ? (counts.limited += 1) : (counts.failed += 1)),
                () => (counts.failed += 1),
              )
              .finally(() => inFlight.delete(attempt));
            inFlight.add(attempt);
          }
          await new Promise((r) => setTimeout(r, REVIEW_EVERY_MS));
        }
        await Promise.all(inFlight);
      })();
      return {
        async stop() {
          running = false;
          await loop;
          return counts;
        },
      };
    },
  };
  const wanted = [
    'product list, page 1',
    'listing by category+subcategory (pages 1-3)',
    'product details (random ids)',
    'search "earbuds"',
    'search, every query distinct',
  ];
  const lines = [];
  const table = [];
  for (const s of scenarios.filter((x) => wanted.includes(x.title)).map((x) => ({ ...x, headers: shopperAddress }))) {
    const quiet = await scenario(api.url, s, { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS });
    const busy = await scenario(api.url, s, { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, during: spammer });
    const reviews = busy.side;
    const perSecond = (reviews.ok + reviews.limited + reviews.failed) / SECONDS;
    table.push({
      scenario: s.title,
      'quiet req/s': quiet['req/s'],
      'quiet p50 ms': quiet['p50 ms'],
      'busy req/s': busy['req/s'],
      'busy p50 ms': busy['p50 ms'],
      'busy p99 ms': busy['p99 ms'],
      'reviews/s attempted': Number(perSecond.toFixed(1)),
      'reviews ok / 429 / failed': `${reviews.ok} / ${reviews.limited} / ${reviews.failed}`,
    });
    console.log(
      `${s.title.padEnd(46)} quiet ${quiet['req/s']} req/s p50 ${quiet['p50 ms']} ms; with reviews ${busy['req/s']} req/s p50 ${busy['p50 ms']} ms p99 ${busy['p99 ms']} ms (${perSecond.toFixed(1)} reviews/s attempted: ${reviews.ok} saved, ${reviews.limited} answered 429)`,
    );
    // p50 is whole milliseconds: a cached read's 2 → 3 ms is within the measure's own step.
    lines.push({
      name: `${s.title} with a review every ${REVIEW_EVERY_MS} ms`,
      figure: `${busy['req/s']} req/s, p50 ${busy['p50 ms']} ms (quiet ${quiet['req/s']} req/s, p50 ${quiet['p50 ms']} ms)`,
      target: 'within 20 % of quiet',
      meets: busy['req/s'] >= quiet['req/s'] * 0.8 && busy['p50 ms'] <= Math.max(quiet['p50 ms'] * 1.2, quiet['p50 ms'] + 1),
    });
    if (quiet['non-2xx/errors'] > 0 || busy['non-2xx/errors'] > 0) process.exitCode = 1;
  }
  console.log(`\nload average at end ${load()}`);
  console.table(table);
  printTargets(lines);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
