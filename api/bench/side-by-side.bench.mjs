// Two builds of the API measured side by side (docs/benchmarks.md "Two builds side by side"): both started on one
// seeded PostgreSQL database, then the same kind of load offered to each in turn, in short slices whose order
// alternates, so that a machine whose speed drifts over minutes slows both alike. Prints each slice and, per build,
// the API's CPU milliseconds a request over all its slices (from /proc), the figure to compare, and PostgreSQL's (the
// backends of that build's connections, told apart by PGAPPNAME).
//
// Environment: BENCH_SEEDED_DATABASE_URL (required: a database seeded with the demo catalogue, e.g. by starting the
// built API on it with SEED=demo CATALOG_SIZE=100000), BENCH_BEFORE_MAIN (required: the other build's
// api/dist/main.js; it must sit in the repository, e.g. api/dist-before/, to find its packages), BENCH_CALL
// (`search`: every text distinct, as bench:search; `listing`: product list pages 1–5, cached after their first ask),
// BENCH_SLICES (10), BENCH_SLICE_SECONDS (3), BENCH_CONNECTIONS (16), BENCH_CATALOG_SIZE (100000: the seeded size, for
// the search texts' vocabulary).
import { cpuSeconds, databaseCpu, databaseCpuBetween, distinctQueries, MAIN, run, searchIndexReady, startApi, vocabulary } from './lib.mjs';

const DATABASE = process.env.BENCH_SEEDED_DATABASE_URL;
const BEFORE = process.env.BENCH_BEFORE_MAIN;
if (!DATABASE || !BEFORE) throw new Error('Set BENCH_SEEDED_DATABASE_URL and BENCH_BEFORE_MAIN (docs/benchmarks.md).');
const CALL = process.env.BENCH_CALL ?? 'search';
const SLICES = Number(process.env.BENCH_SLICES ?? 10);
const SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 100_000);

/** @type {Record<'before' | 'this build', string>} */
const mains = { before: BEFORE, 'this build': MAIN };
/** The PostgreSQL application name of a build's connections, so that each one's backends are timed apart. */
const appName = (name) => `haat-bench-${name.replace(/\W+/g, '-')}`;
/** @type {Record<string, Awaited<ReturnType<typeof startApi>>>} */
const apis = {};
try {
  for (const [name, main] of Object.entries(mains)) {
    apis[name] = await startApi({ DATABASE_URL: DATABASE, LOG_LEVEL: 'log', PGAPPNAME: appName(name) }, { timeoutMs: 600_000, main });
    await searchIndexReady(apis[name]);
  }
  const first = /** @type {Awaited<ReturnType<typeof startApi>>} */ (apis.before);
  const next = distinctQueries(await vocabulary(first.url, CATALOG_SIZE));
  const spec =
    CALL === 'search'
      ? { path: '/api/product/search-product', body: () => ({ search: next(), page: 1 }) }
      : { path: '/api/product/get', body: () => ({ page: 1 + Math.floor(Math.random() * 5), limit: 20 }) };
  for (const api of Object.values(apis)) await run(api.url, { ...spec, duration: 2, connections: CONNECTIONS });
  /** @type {Record<string, { cpu: number, db: number, requests: number }>} */
  const sums = Object.fromEntries(Object.keys(apis).map((name) => [name, { cpu: 0, db: 0, requests: 0 }]));
  for (let slice = 1; slice <= SLICES; slice++) {
    const order = slice % 2 ? Object.keys(apis) : Object.keys(apis).reverse();
    for (const name of order) {
      const api = /** @type {Awaited<ReturnType<typeof startApi>>} */ (apis[name]);
      const before = cpuSeconds(api.pid);
      const dbBefore = await databaseCpu(DATABASE, appName(name));
      /** @type {any} */
      const result = await run(api.url, { ...spec, duration: SECONDS, connections: CONNECTIONS });
      const cpu = cpuSeconds(api.pid) - before;
      const db = databaseCpuBetween(dbBefore, await databaseCpu(DATABASE, appName(name)));
      const sum = /** @type {{ cpu: number, db: number, requests: number }} */ (sums[name]);
      sum.cpu += cpu;
      sum.db += db;
      sum.requests += result.requests.total;
      const perRequest = (s) => ((s * 1000) / Math.max(1, result.requests.total)).toFixed(3);
      console.log(
        `slice ${slice}, ${name}: ${perRequest(cpu)} CPU-ms a request (PostgreSQL ${perRequest(db)}), ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
      );
    }
  }
  for (const [name, sum] of Object.entries(sums))
    console.log(
      `${CALL}, ${name}: ${((sum.cpu * 1000) / Math.max(1, sum.requests)).toFixed(3)} CPU-ms a request, PostgreSQL ${((sum.db * 1000) / Math.max(1, sum.requests)).toFixed(3)}, over ${sum.requests} requests`,
    );
} finally {
  for (const api of Object.values(apis)) await api.stop();
}
