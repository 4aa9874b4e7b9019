// The catalogue's import (docs/product.md#catalogue-in-bulk) at BENCH_IMPORT_ROWS (default 10,000) rows.
//
// Starts the built API (api/dist) on a scratch PostgreSQL database, makes two categories, and writes a CSV of
// BENCH_IMPORT_ROWS rows: products, every fifth with two options. Then, with /api/health polled every 50 ms
// throughout, times: 3 s of nothing (the machine's own health figures, for scale), the dry run
// (POST /api/admin/catalog/import?dryRun=1, target ≤ 10 s) BENCH_DRY_RUNS times (the median; the probe's p99 over
// all of them, so that it rests on more than a few dozen probes), the apply (POST without dryRun, then
// GET …/import/:jobId until done, target ≤ 60 s), and the same file applied again (all unchanged); each with the
// API's CPU seconds and the health probe's p50/p99 beside its 50 ms target.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_IMPORT_ROWS (10000), BENCH_DRY_RUNS (3), BENCH_API_MAIN (another build's api/dist/main.js),
// BENCH_CPU_PROF=dir (`node --cpu-prof` on the API, its profile written in dir when it stops).
import { performance } from 'node:perf_hooks';
import { MAIN, call, cpuSeconds, healthProbe, load, machine, must, printTargets, scratchDatabase, startApi } from './lib.mjs';

const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DRY_RUNS = Number(process.env.BENCH_DRY_RUNS ?? 3);
const NODE_ARGS = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };
const HEADER = 'sku,product_sku,name,category,subcategory,brand,unit,option,price,discount,stock,stock_exported,hsn,gst_rate,description,pictures';

/** The file: ROWS rows, every fifth product with two options after it. */
function catalogue(categories) {
  const lines = [HEADER];
  for (let i = 0; lines.length <= ROWS; i++) {
    const sku = `BENCH-${String(i).padStart(6, '0')}`;
    const category = categories[i % categories.length];
    lines.push(
      `${sku},,Bench product ${i} atta dal,${category},,Brand ${i % 40},1 kg,,${(100 + (i % 900)).toFixed(2)},${i % 20},${i % 50},,1101,5,A bench product,`,
    );
    if (i % 5 === 0 && lines.length + 2 <= ROWS + 1)
      for (const size of [2, 5]) lines.push(`${sku}-${size}KG,${sku},,,,,,${size} kg,${100 * size},,${i % 30},,,,,`);
  }
  return lines.join('\n');
}

async function upload(url, token, file, dryRun) {
  const body = new FormData();
  body.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
  const res = await fetch(`${url}/api/admin/catalog/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

/** Times one step with the API's CPU and the health probe around it. */
async function measured(api, what, step) {
  const probe = healthProbe(api.url).start();
  const cpu = cpuSeconds(api.pid);
  const started = performance.now();
  const result = await step();
  const seconds = (performance.now() - started) / 1000;
  const health = await probe.stop();
  return { what, seconds, cpu: cpuSeconds(api.pid) - cpu, health, result };
}

async function untilDone(url, token, jobId) {
  for (;;) {
    const status = (await call(url, 'GET', `/api/admin/catalog/import/${jobId}`, token)).body;
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  const db = await scratchDatabase();
  const env = {
    DATABASE_URL: db.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_ACCESS_SECRET: 'bench-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdef',
    RATE_LIMIT_FACTOR: '1000',
    SEED: 'none',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
  };
  const api = await startApi(env, { timeoutMs: 60_000, inheritOutput: true, main: API_MAIN, nodeArgs: NODE_ARGS });
  try {
    const A = api.url;
    const admin = (await must(call(A, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
    const categories = [];
    for (const name of ['Bench Staples', 'Bench Snacks'])
      categories.push((await must(call(A, 'POST', '/api/category/add-category', admin, { name, image: '/uploads/bench.webp' }), 'category')).data.name);
    const file = catalogue(categories);
    console.log(`${machine()}; load before: ${load()}`);
    console.log(`file: ${ROWS.toLocaleString('en-IN')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB of CSV`);
    const idle = await measured(api, 'nothing', () => new Promise((r) => setTimeout(() => r({}), 3000)));
    console.log(`nothing running: /api/health p50 ${idle.health.p50.toFixed(1)} ms, p99 ${idle.health.p99.toFixed(1)} ms (${idle.health.n} probes)`);
    const dry = await measured(api, 'dry run', async () => {
      const times = [];
      let report;
      for (let n = 0; n < DRY_RUNS; n++) {
        const started = performance.now();
        report = await upload(A, admin, file, true);
        times.push((performance.now() - started) / 1000);
      }
      console.log(`dry runs: ${times.map((t) => `${t.toFixed(1)} s`).join(', ')}`);
      return { ...report, median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] };
    });
    dry.what = `dry run (median of ${DRY_RUNS})`;
    dry.seconds = dry.result.median;
    dry.cpu /= DRY_RUNS;
    const apply = await measured(api, 'apply', async () => untilDone(A, admin, (await upload(A, admin, file, false)).jobId));
    const again = await measured(api, 'apply again (unchanged)', async () => untilDone(A, admin, (await upload(A, admin, file, false)).jobId));
    for (const s of [dry, apply, again]) {
      const r = s.result;
      console.log(
        `${s.what}: ${s.seconds.toFixed(1)} s, ${s.cpu.toFixed(1)} CPU-s of the API; creates ${r.creates}, updates ${r.updates}, unchanged ${r.unchanged}, errors ${r.errorCount}; ` +
          `/api/health p50 ${s.health.p50.toFixed(1)} ms, p99 ${s.health.p99.toFixed(1)} ms of ${s.health.n} probes (${s.health.errors} failed)`,
      );
    }
    console.log(`load after: ${load()}`);
    const healthP99 = Math.max(dry.health.p99, apply.health.p99);
    printTargets([
      { name: `dry run of ${ROWS} rows`, figure: `${dry.seconds.toFixed(1)} s`, target: '≤ 10 s', meets: dry.seconds <= 10 },
      { name: `apply of ${ROWS} rows`, figure: `${apply.seconds.toFixed(1)} s`, target: '≤ 60 s', meets: apply.seconds <= 60 },
      { name: '/api/health p99 during both', figure: `${healthP99.toFixed(1)} ms`, target: '< 50 ms', meets: healthP99 < 50 },
      {
        name: 'the same file again',
        figure: `${again.result.unchanged} unchanged`,
        target: 'all unchanged',
        meets: again.result.unchanged === ROWS && again.result.creates + again.result.updates === 0,
      },
    ]);
  } finally {
    await api.stop();
    await db.drop();
  }
}

await main();
