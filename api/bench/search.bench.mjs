#!/usr/bin/env node
/**
 * npm run bench:search — search where the read cache cannot help: every query is distinct.
 *
 * Seeds the demo catalogue (BENCH_CATALOG_SIZE, default 100,000 products) into a scratch
 * PostgreSQL database (and, unless BENCH_ENGINES says otherwise, into an embedded PGlite too),
 * starts the built API on it, and drives POST /api/product/search-product with autocannon,
 * 16 connections, 2 s warm-up then BENCH_SECONDS measured. Every request's text is new: one to
 * three words drawn from the catalogue's own vocabulary (the words of its product names),
 * some misspelt (a letter dropped, doubled, swapped or replaced), the last one often cut short as
 * if still being typed, in random combinations; a query already sent is never sent again.
 * Meanwhile GET /api/health is polled every 50 ms and its latency reported beside the idle one; it is also
 * polled while the index builds, with the API's RSS before and after the build.
 *
 * Environment (all optional): BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_CATALOG_SIZE (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (16),
 * BENCH_ENGINES (postgres,pglite), BENCH_CPU_PROF=dir (node --cpu-prof on the API child),
 * BENCH_API_MAIN (another build of api/dist/main.js, to measure before and after with the same driver),
 * BENCH_SEEDED_DATABASE_URL (a PostgreSQL database already seeded with BENCH_CATALOG_SIZE demo products: used as it is and
 * kept, so that runs at a million products do not seed for minutes each).
 */
import {
  distinctQueries,
  healthProbe,
  load,
  machine,
  MAIN,
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
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const TARGET = { minRps: 1500, maxP99: 30 };
/** Another build of api/dist/main.js (BENCH_API_MAIN), to measure before and after with the same driver. */
const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
/** A database already seeded (BENCH_SEEDED_DATABASE_URL), used instead of a scratch one and not dropped. */
const SEEDED = process.env.BENCH_SEEDED_DATABASE_URL;
/** A directory: the API runs with node --cpu-prof there (one profile per thread, the index's included). */
const CPU_PROF = process.env.BENCH_CPU_PROF;

async function benchEngine(engine) {
  const db = engine !== 'postgres' ? null : SEEDED ? { url: SEEDED, drop: async () => {} } : await scratchDatabase();
  let api;
  const loadAtStart = load();
  try {
    api = await startApi(
      { ...(db ? { DATABASE_URL: db.url } : {}), ...(db && SEEDED ? {} : { SEED: 'demo', CATALOG_SIZE: String(CATALOG_SIZE) }), LOG_LEVEL: 'log' },
      { timeoutMs: 1_800_000, main: API_MAIN, nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [] },
    );
    const seeded = /Seeded .*? products in ([\d.]+) s/.exec(api.log())?.[1];
    console.log(
      `\n${engine}: ${db && SEEDED ? 'already seeded,' : `seeded ${CATALOG_SIZE.toLocaleString('en-IN')} products in ${seeded ?? '?'} s,`} up after ${(api.readyAfterMs / 1000).toFixed(1)} s`,
    );
    // The first search starts building the API's in-process search index (searches take the SQL
    // path until it is ready); the measured part runs once it is.
    // The build runs on the index's own thread: the health probe is timed while it does (it must not stall).
    const rssBefore = await api.rssMiB();
    const duringBuild = await healthProbe(api.url, 50).start();
    const built = await searchIndexReady(api);
    const buildHealth = await duringBuild.stop();
    console.log(
      `search index: ${built ?? 'NOT READY after 600 s (the run measures the SQL path)'}; RSS before it ${rssBefore} MiB, with it ${await api.rssMiB()} MiB; health while it built p50 ${buildHealth.p50} ms p99 ${buildHealth.p99} ms max ${buildHealth.max} ms (${buildHealth.n} probes, ${buildHealth.errors} failed)`,
    );
    const words = await vocabulary(api.url, CATALOG_SIZE);
    const next = distinctQueries(words);
    console.log(
      `${words.length} catalogue words, e.g. ${Array.from({ length: 6 }, next)
        .map((q) => JSON.stringify(q))
        .join(', ')}`,
    );

    const idle = await healthProbe(api.url, 20).start();
    await new Promise((r) => setTimeout(r, 2000));
    const healthIdle = await idle.stop();

    const row = await scenario(
      api.url,
      { title: `${engine}: search, every query distinct`, path: '/api/product/search-product', body: () => ({ search: next(), page: 1 }) },
      { seconds: SECONDS, warmupSeconds: 2, connections: CONNECTIONS, during: healthProbe(api.url, 50) },
    );
    const rss = await api.rssMiB();
    console.log(
      `${row.scenario}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, max ${row['max ms']} ms, ${row.requests} requests, ${row['non-2xx/errors']} non-2xx/errors`,
    );
    console.log(
      `health: idle p50 ${healthIdle.p50} ms p99 ${healthIdle.p99} ms; under the search load p50 ${row.side.p50} ms p99 ${row.side.p99} ms max ${row.side.max} ms (${row.side.n} probes, ${row.side.errors} failed); API RSS ${rss} MiB; load average at start ${loadAtStart}, at end ${load()}`,
    );
    return { row, healthIdle, rss };
  } finally {
    await api?.stop();
    await db?.drop();
  }
}

async function main() {
  console.log(`Machine: ${machine()}, load average ${load()}`);
  const results = [];
  for (const engine of ENGINES) results.push({ engine, ...(await benchEngine(engine)) });
  const lines = [];
  for (const { engine, row, healthIdle } of results) {
    // The target is set for PostgreSQL; PGlite (one connection, in-process) is reported beside it.
    lines.push(rpsLine(row, engine === 'postgres' ? TARGET : {}));
    const slower = row.side.p50 / Math.max(healthIdle.p50, 0.1);
    lines.push({
      name: `${engine}: GET /api/health during the search load`,
      figure: `p50 ${row.side.p50} ms, p99 ${row.side.p99} ms (idle p50 ${healthIdle.p50} ms: ${slower.toFixed(1)}×)`,
      target: undefined,
      meets: true,
    });
  }
  printTargets(lines);
  const failed = results.filter((r) => r.row['non-2xx/errors'] > 0 || r.row.side.errors > 0);
  if (failed.length) {
    console.error(`Some answers were not 2xx: ${failed.map((r) => r.engine).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
