#!/usr/bin/env node
/**
 * npm run bench:search — search where the read cache cannot help: every query is distinct.
 *
 * For each catalogue size (BENCH_CATALOG_SIZES, default 100,000; e.g. 100000,1000000), seeds the demo catalogue into a
 * scratch PostgreSQL database (and, unless BENCH_ENGINES says otherwise, into an embedded PGlite too), starts the built
 * API on it and waits for its search index; all the sizes' APIs run side by side, so that their rounds can alternate.
 * Then BENCH_ROUNDS (3) rounds, each size in turn, drive POST /api/product/search-product with autocannon,
 * 16 connections, 2 s warm-up then BENCH_SECONDS measured. Every request's text is new: one to
 * three words drawn from the catalogue's own vocabulary (the words of its product names),
 * some misspelt (a letter dropped, doubled, swapped or replaced), the last one often cut short as
 * if still being typed, in random combinations; a query already sent is never sent again.
 * Each round then offers the same kind of searches arriving at random at BENCH_PACED_RATE a second (400, under a third of
 * what the API answers flat out at 100,000 products on the 2-core machine it shares with PostgreSQL and the load) for
 * BENCH_SECONDS, each sent when due whether or
 * not the earlier ones were answered (lib.mjs `openLoop`): the p99 a shopper waits at that load, where a pause of the
 * API's thread (a major garbage collection) shows as the queue it leaves behind. The first part's p99 is another
 * figure: its 16 connections send as fast as answers come, so they queue behind the API's one thread and its p99
 * follows req/s.
 * Meanwhile GET /api/health is polled every 50 ms and its latency reported beside the idle one; it is also
 * polled while the index builds, with the API's RSS before and after the build.
 *
 * On a shared machine a round's latency and req/s move with what else runs; the API's own CPU time a search (from
 * /proc, the index's thread included, and that thread's alone) moves far less. So each round prints both, the summary gives per size the best
 * round's p50 and p99 and the median of the rounds' req/s and CPU a search, and the sizes' ratio is taken from
 * alternated rounds (docs/benchmarks.md#search). PostgreSQL's CPU a search is printed beside the API's (its backends
 * serving the bench's database, from /proc: the server must run on this machine), and, after the rounds, what parsing
 * a query costs (understandQuery on the texts sent) as a share of the API's CPU a search.
 *
 * Environment (all optional): BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_CATALOG_SIZES (100000; BENCH_CATALOG_SIZE is read too), BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (16),
 * BENCH_PACED_RATE (400; 0 skips the paced part),
 * BENCH_ENGINES (postgres,pglite), BENCH_CPU_PROF=dir (node --cpu-prof on the API child),
 * BENCH_API_MAIN (another build of api/dist/main.js, to measure before and after with the same driver),
 * BENCH_MEMORY_LIMIT_MIB (runs each size's API in a memory cgroup of that size, as a container of it would: the table
 * says whether the kernel killed it and the cgroup's peak; needs a writable cgroup, as root),
 * BENCH_SEEDED_DATABASE_URLS (PostgreSQL databases already seeded with each of BENCH_CATALOG_SIZES demo products, in the
 * same order, comma-separated; BENCH_SEEDED_DATABASE_URL for one: used as they are and kept, so that runs at a million
 * products do not seed for minutes each).
 */
import {
  cpuSeconds,
  databaseCpu,
  databaseCpuBetween,
  distinctQueries,
  healthProbe,
  load,
  machine,
  MAIN,
  openLoop,
  printTargets,
  rpsLine,
  run,
  scratchDatabase,
  searchIndexReady,
  startApi,
  memoryCgroup,
  vocabulary,
} from './lib.mjs';
import { readFileSync } from 'node:fs';
import { understandQuery } from '@haat/shared/search/query-understanding';

const SIZES = (process.env.BENCH_CATALOG_SIZES ?? process.env.BENCH_CATALOG_SIZE ?? '100000').split(',').map((n) => Number(n.trim()));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const TARGET = { minRps: 1500, maxP99: 30 };
/** Searches arriving at random (`openLoop`): reported beside the target, which is set on the part above. */
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 400);
/** The largest size within this many times the smallest's req/s (and CPU a search). */
const MAX_RATIO = 2;
/** Another build of api/dist/main.js (BENCH_API_MAIN), to measure before and after with the same driver. */
const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
/** Databases already seeded (BENCH_SEEDED_DATABASE_URLS, one a size), used instead of scratch ones and not dropped. */
const SEEDED = (process.env.BENCH_SEEDED_DATABASE_URLS ?? process.env.BENCH_SEEDED_DATABASE_URL ?? '').split(',').filter(Boolean);
if (SEEDED.length && SEEDED.length !== SIZES.length) throw new Error('BENCH_SEEDED_DATABASE_URLS needs one database per size of BENCH_CATALOG_SIZES');
/** A directory: the API runs with node --cpu-prof there (one profile per thread, the index's included). */
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Runs each size's API in a memory cgroup of this many MiB (lib.mjs memoryCgroup): whether an instance of that size lives. */
const MEMORY_LIMIT_MIB = Number(process.env.BENCH_MEMORY_LIMIT_MIB ?? 0);

/** Sent texts kept per size, to time their parse afterwards (`parseShare`). */
const MAX_PARSED = 50_000;
/** Parsing a query costs under this share of a search's CPU in the API. */
const MAX_PARSE_SHARE = 0.05;

const size = (n) => n.toLocaleString('en-IN');
/** A process's anonymous resident memory in MiB (what only it holds, beside the pages of files it maps), or '?'. */
const anonMiB = (pid) => {
  try {
    return Math.round(Number(/RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);
  } catch {
    return '?';
  }
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[sorted.length >> 1] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

/** Seeds (or takes) the size's database, starts the API on it and waits for its search index. */
async function startSize(engine, catalogSize, k) {
  const seededUrl = engine === 'postgres' ? SEEDED[k] : undefined;
  const db = engine !== 'postgres' ? null : seededUrl ? { url: seededUrl, drop: async () => {} } : await scratchDatabase();
  let api;
  // An instance as a container of MEMORY_LIMIT_MIB runs it (lib.mjs memoryCgroup).
  const cgroup = MEMORY_LIMIT_MIB ? memoryCgroup(MEMORY_LIMIT_MIB) : null;
  try {
    api = await startApi(
      { ...(db ? { DATABASE_URL: db.url } : {}), ...(seededUrl ? {} : { SEED: 'demo', CATALOG_SIZE: String(catalogSize) }), LOG_LEVEL: 'log' },
      {
        timeoutMs: 1_800_000,
        main: API_MAIN,
        nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
        wrapper: cgroup?.wrapper ?? [],
      },
    );
    const seeded = /Seeded .*? products in ([\d.]+) s/.exec(api.log())?.[1];
    console.log(
      `\n${engine}, ${size(catalogSize)}: ${seededUrl ? 'already seeded,' : `seeded ${size(catalogSize)} products in ${seeded ?? '?'} s,`} up after ${(api.readyAfterMs / 1000).toFixed(1)} s`,
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
    // The index's thread, whose CPU a round times apart (search-worker.ts logs its Linux thread id).
    const thread = /\(thread (\d+)\)/.exec(built ?? '')?.[1];
    const words = await vocabulary(api.url, catalogSize);
    const query = distinctQueries(words);
    const sent = [];
    const next = () => {
      const text = query();
      if (sent.length < MAX_PARSED) sent.push(text);
      return text;
    };
    console.log(
      `${words.length} catalogue words, e.g. ${Array.from({ length: 6 }, next)
        .map((q) => JSON.stringify(q))
        .join(', ')}`,
    );
    const idle = await healthProbe(api.url, 20).start();
    await new Promise((r) => setTimeout(r, 2000));
    const healthIdle = await idle.stop();
    return { engine, catalogSize, db, api, cgroup, next, sent, healthIdle, indexStat: thread ? `${api.pid}/task/${thread}` : null, rounds: [] };
  } catch (error) {
    await api?.stop();
    cgroup?.remove();
    await db?.drop();
    throw error;
  }
}

/** One round on one size: a warm-up, then SECONDS measured with the API's CPU time around them. */
async function round(s, r) {
  const spec = { path: '/api/product/search-product', body: () => ({ search: s.next(), page: 1 }) };
  await run(s.api.url, { ...spec, duration: 2, connections: CONNECTIONS });
  const probe = healthProbe(s.api.url, 50).start();
  const cpuBefore = cpuSeconds(s.api.pid);
  const indexBefore = s.indexStat ? cpuSeconds(s.indexStat) : 0;
  const dbBefore = s.db ? await databaseCpu(s.db.url) : null;
  const result = await run(s.api.url, { ...spec, duration: SECONDS, connections: CONNECTIONS });
  const cpu = cpuSeconds(s.api.pid) - cpuBefore;
  const indexCpu = s.indexStat ? cpuSeconds(s.indexStat) - indexBefore : NaN;
  const dbCpu = dbBefore ? databaseCpuBetween(dbBefore, await databaseCpu(s.db.url)) : NaN;
  const side = await probe.stop();
  const row = {
    scenario: `${s.engine}, ${size(s.catalogSize)}: search, every query distinct`,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    requests: result.requests.total,
    'non-2xx/errors': result.non2xx + result.errors + result.timeouts,
    cpuMs: Math.round((cpu * 1000 * 100) / Math.max(1, result.requests.total)) / 100,
    indexCpuMs: Math.round((indexCpu * 1000 * 1000) / Math.max(1, result.requests.total)) / 1000,
    dbCpuMs: Math.round((dbCpu * 1000 * 100) / Math.max(1, result.requests.total)) / 100,
    side,
  };
  s.rounds.push(row);
  console.log(
    `round ${r}, ${s.engine}, ${size(s.catalogSize)}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, max ${row['max ms']} ms, API ${row.cpuMs} CPU-ms a search (its index thread ${row.indexCpuMs}), PostgreSQL ${row.dbCpuMs}, ${row.requests} requests, ${row['non-2xx/errors']} non-2xx/errors; health p50 ${side.p50} ms p99 ${side.p99} ms (${side.errors} failed); load ${load()}`,
  );
  if (!PACED_RATE) return;
  const paced = await openLoop(s.api.url, { ...spec, rate: PACED_RATE, seconds: SECONDS });
  row.paced = { 'req/s': paced.rps, 'p50 ms': paced.p50, 'p99 ms': paced.p99, 'max ms': paced.max, 'non-2xx/errors': paced.errors };
  console.log(
    `round ${r}, ${s.engine}, ${size(s.catalogSize)}, paced at ${PACED_RATE}/s: ${row.paced['req/s']} req/s, p50 ${row.paced['p50 ms']} ms, p99 ${row.paced['p99 ms']} ms, max ${row.paced['max ms']} ms, ${row.paced['non-2xx/errors']} non-2xx/errors; load ${load()}`,
  );
}

/** Per size: the best round's latency, the median round's req/s and CPU a search. */
function summary(s) {
  const best = [...s.rounds].sort((a, b) => a['p99 ms'] - b['p99 ms'])[0];
  return {
    ...best,
    scenario: `${s.engine}, ${size(s.catalogSize)}: search, every query distinct (best of ${s.rounds.length} rounds)`,
    'p50 ms': Math.min(...s.rounds.map((row) => row['p50 ms'])),
    'p99 ms': best['p99 ms'],
    medianRps: median(s.rounds.map((row) => row['req/s'])),
    rpsRange: `${Math.min(...s.rounds.map((row) => row['req/s']))}–${Math.max(...s.rounds.map((row) => row['req/s']))}`,
    medianCpuMs: median(s.rounds.map((row) => row.cpuMs)),
    medianIndexCpuMs: median(s.rounds.map((row) => row.indexCpuMs)),
    medianDbCpuMs: median(s.rounds.map((row) => row.dbCpuMs)),
    'req/s': Math.max(...s.rounds.map((row) => row['req/s'])),
  };
}

/**
 * What reading a query (shared's understandQuery, as the API does once a search) costs against a whole search: the
 * texts this size was sent, parsed again here after the rounds (this checkout's build, the machine as the rounds had
 * it), CPU microseconds a parse, and that as a share of the median API CPU a search.
 */
function parseShare(s, sum) {
  const texts = s.sent;
  for (const text of texts) understandQuery(text); // warm
  const passes = Math.max(1, Math.ceil(200_000 / Math.max(1, texts.length)));
  const before = process.cpuUsage();
  for (let k = 0; k < passes; k++) for (const text of texts) understandQuery(text);
  const used = process.cpuUsage(before);
  const microseconds = (used.user + used.system) / (passes * Math.max(1, texts.length));
  const share = microseconds / 1000 / Math.max(0.001, sum.medianCpuMs);
  return {
    name: `${s.engine}, ${size(s.catalogSize)}: parsing a query (understandQuery on the ${texts.length.toLocaleString('en-IN')} texts sent)`,
    figure: `${microseconds.toFixed(2)} CPU-µs a parse: ${(share * 100).toFixed(2)} % of the API's ${sum.medianCpuMs} CPU-ms a search (${((microseconds / 1000 / Math.max(0.001, sum.medianCpuMs + (sum.medianDbCpuMs || 0))) * 100).toFixed(2)} % with PostgreSQL's)`,
    target: `< ${MAX_PARSE_SHARE * 100} % of a search`,
    meets: share < MAX_PARSE_SHARE,
  };
}

async function main() {
  console.log(`Machine: ${machine()}, load average ${load()}; sizes ${SIZES.map(size).join(', ')}, ${ROUNDS} rounds of ${SECONDS} s`);
  const lines = [];
  let failed = false;
  for (const engine of ENGINES) {
    const sizes = [];
    try {
      for (const [k, catalogSize] of SIZES.entries()) sizes.push(await startSize(engine, catalogSize, k));
      for (let r = 1; r <= ROUNDS; r++) for (const s of sizes) await round(s, r);
      const rss = await Promise.all(sizes.map((s) => s.api.rssMiB()));
      console.log(`API RSS after the rounds: ${sizes.map((s, k) => `${size(s.catalogSize)} ${rss[k]} MiB`).join(', ')}; load average ${load()}`);
      for (const s of sizes) {
        if (!s.cgroup) continue;
        const { peakMiB, killed } = s.cgroup.read();
        lines.push({
          name: `${engine}, ${size(s.catalogSize)}: the instance in a ${MEMORY_LIMIT_MIB} MiB memory cgroup, through the build and the rounds`,
          figure: `${killed ? 'KILLED by the kernel' : 'alive'}; the cgroup's peak ${peakMiB} MiB, the API's RSS at the end ${rss[sizes.indexOf(s)]} MiB (${anonMiB(s.api.pid)} MiB of it its own, the rest pages of files such as node's, which the kernel can drop and read again)`,
          target: `lives within ${MEMORY_LIMIT_MIB} MiB`,
          meets: !killed,
        });
      }
    } finally {
      for (const s of sizes) {
        await s.api.stop();
        s.cgroup?.remove();
        await s.db?.drop();
      }
    }
    const sums = sizes.map(summary);
    sums.forEach((sum, k) => {
      const s = sizes[k];
      // The target is set for PostgreSQL at the smallest size; the others are reported beside it.
      lines.push(rpsLine(sum, engine === 'postgres' && k === 0 ? TARGET : {}));
      const paced = s.rounds.map((row) => row.paced).filter(Boolean);
      if (paced.length) {
        // Judged on the median round, not the best.
        const p99 = median(paced.map((p) => p['p99 ms']));
        lines.push({
          name: `${engine}, ${size(s.catalogSize)}: searches arriving at random, ${PACED_RATE} a second, every query distinct (median of ${paced.length} rounds)`,
          figure: `p99 ${p99} ms (rounds ${paced.map((p) => p['p99 ms']).join(', ')}), p50 ${median(paced.map((p) => p['p50 ms']))} ms, max ${Math.max(...paced.map((p) => p['max ms']))} ms, ${median(paced.map((p) => p['req/s']))} req/s answered`,
          target: undefined,
          meets: true,
        });
      }
      lines.push({
        name: `${engine}, ${size(s.catalogSize)}: rounds' req/s; API CPU a search`,
        figure: `median ${sum.medianRps} (${sum.rpsRange}); median ${sum.medianCpuMs} CPU-ms (${s.rounds.map((row) => row.cpuMs).join(', ')}), index thread ${sum.medianIndexCpuMs} (${s.rounds.map((row) => row.indexCpuMs).join(', ')}); PostgreSQL ${sum.medianDbCpuMs} CPU-ms (${s.rounds.map((row) => row.dbCpuMs).join(', ')})`,
        target: undefined,
        meets: true,
      });
      lines.push(parseShare(s, sum));
      const slower = sum.side.p50 / Math.max(s.healthIdle.p50, 0.1);
      lines.push({
        name: `${engine}, ${size(s.catalogSize)}: GET /api/health during the search load (best round)`,
        figure: `p50 ${sum.side.p50} ms, p99 ${sum.side.p99} ms (idle p50 ${s.healthIdle.p50} ms: ${slower.toFixed(1)}×)`,
        target: undefined,
        meets: true,
      });
      if (s.rounds.some((row) => row['non-2xx/errors'] > 0 || row.side.errors > 0 || row.paced?.['non-2xx/errors'] > 0)) failed = true;
    });
    if (sums.length > 1) {
      const [small, large] = [sums[0], sums[sums.length - 1]];
      const rpsRatio = small.medianRps / Math.max(1, large.medianRps);
      const cpuRatio = large.medianCpuMs / Math.max(0.001, small.medianCpuMs);
      lines.push({
        name: `${engine}: ${size(SIZES[SIZES.length - 1])} against ${size(SIZES[0])}, alternated rounds`,
        figure: `req/s ${rpsRatio.toFixed(2)}× slower (medians ${large.medianRps} against ${small.medianRps}); API CPU a search ${cpuRatio.toFixed(2)}× (${large.medianCpuMs} against ${small.medianCpuMs} ms; the index thread's ${large.medianIndexCpuMs} against ${small.medianIndexCpuMs})`,
        target: `within ${MAX_RATIO}×`,
        meets: rpsRatio <= MAX_RATIO,
      });
    }
  }
  printTargets(lines);
  if (failed) {
    console.error('Some answers were not 2xx');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
