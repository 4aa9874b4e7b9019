#!/usr/bin/env node
/**
 * npm run bench:seed — how long a first start takes to seed the demo catalogue, and nothing else.
 *
 * For each size of BENCH_SEED_SIZES (default 1000000): a scratch database on BENCH_DATABASE_URL's
 * server, the built API started on it with SEED=demo and CATALOG_SIZE=<size>, timed until
 * /api/health answers. Prints the seed's own phases (from its log line), the time until the API was
 * up, the API's RSS once up, the database's size and the load average at start and end; then the
 * scratch database is dropped. With BENCH_SEED_PGLITE=1, first the default 5,000 products on PGlite
 * (the first start of `npm start`).
 *
 * Targets: a million products on PostgreSQL seeded within 180 s; 5,000 on PGlite within 15 s.
 */
import { load, machine, printTargets, scratchDatabase, startApi, withAdminClient } from './lib.mjs';

const SIZES = (process.env.BENCH_SEED_SIZES ?? '1000000').split(',').map(Number);
const TARGET_SECONDS = { 1_000_000: 180 };
const PGLITE_TARGET_SECONDS = 15;

const seedLine = (log) => ({
  seconds: Number(/Seeded .*? products in ([\d.]+) s/.exec(log)?.[1] ?? NaN),
  detail: /products in [\d.]+ s \(([^)]*)\)/.exec(log)?.[1] ?? '',
});

async function main() {
  console.log(`Machine: ${machine()}, load average ${load()}`);
  const lines = [];
  if (process.env.BENCH_SEED_PGLITE === '1') {
    const loadAtStart = load();
    const api = await startApi({ SEED: 'demo', CATALOG_SIZE: '5000', LOG_LEVEL: 'log' }, { timeoutMs: 300_000 });
    const { seconds, detail } = seedLine(api.log());
    const rss = await api.rssMiB();
    await api.stop();
    console.log(
      `PGlite, 5,000 products: seeded in ${seconds} s (${detail}), up after ${(api.readyAfterMs / 1000).toFixed(1)} s; RSS ${rss} MiB; load ${loadAtStart} → ${load()}`,
    );
    lines.push({
      name: 'seed 5,000 products (PGlite)',
      figure: `${seconds} s`,
      target: `≤ ${PGLITE_TARGET_SECONDS} s`,
      meets: seconds <= PGLITE_TARGET_SECONDS,
    });
  }
  for (const size of SIZES) {
    const loadAtStart = load();
    const scratch = await scratchDatabase();
    try {
      const api = await startApi({ DATABASE_URL: scratch.url, SEED: 'demo', CATALOG_SIZE: String(size), LOG_LEVEL: 'log' }, { timeoutMs: 900_000 });
      const { seconds, detail } = seedLine(api.log());
      const rss = await api.rssMiB();
      const dbName = new URL(scratch.url).pathname.slice(1);
      const bytes = await withAdminClient(async (c) => (await c.query('select pg_database_size($1)::bigint as n', [dbName])).rows[0].n);
      await api.stop();
      console.log(
        `PostgreSQL, ${size.toLocaleString('en-IN')} products: seeded in ${seconds} s (${detail}), up after ${(api.readyAfterMs / 1000).toFixed(1)} s; API RSS once up ${rss} MiB; database ${Math.round(Number(bytes) / 2 ** 20)} MiB; load ${loadAtStart} → ${load()}`,
      );
      const target = TARGET_SECONDS[size];
      lines.push({
        name: `seed ${size.toLocaleString('en-IN')} products (PostgreSQL)`,
        figure: `${seconds} s, up after ${(api.readyAfterMs / 1000).toFixed(1)} s`,
        target: target ? `≤ ${target} s` : undefined,
        meets: target ? seconds <= target : true,
      });
    } finally {
      await scratch.drop();
    }
  }
  printTargets(lines);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
