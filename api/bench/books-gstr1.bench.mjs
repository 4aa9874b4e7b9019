// The books' bench: a month's GSTR-1 at 100,000 invoices, and the streamed exports at 100,000 rows.
//
// Starts the built API (api/dist) on a scratch PostgreSQL database with the shop in Karnataka, then writes straight
// into the tables (as the lifecycle would have issued them, built with the shared invoice rules): BENCH_INVOICES
// (100,000) tax invoices dated over last month (India's calendar), 1–3 lines at 0/5/12/18 %, delivered across ten
// states, one in ten to one of 200 registered buyers (B2B), one in a hundred a laptop across states (B2CL), and a
// credit note for one in thirty; and BENCH_ORDERS (100,000) orders of one line each placed last month. Then:
// - GET /api/admin/gst/gstr1 (the portal's JSON) BENCH_CALLS (3) times, one at a time, then the screen's overview
//   and the B2B CSV once, each with /api/health probed every 50 ms meanwhile: wall time, the API's CPU, the answer's
//   size and health's p99 beside the targets (≤ 30 s; health p99 < 50 ms);
// - the orders export as CSV and as Excel: wall time, size, and how far the API's peak resident memory (VmHWM) rose,
//   which shows the file was never held (a 100,000-row file is tens of MB); and /api/health alone first, for scale.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_INVOICES (100000), BENCH_ORDERS (100000), BENCH_CALLS (3), BENCH_EXPORTS=0 (skips the orders exports),
// BENCH_API_MAIN (another build's api/dist/main.js), BENCH_LOOP_FILE (where the loop's CPU lines are kept),
// BENCH_CPU_PROF=dir (`node --cpu-prof` on the API, its profile written in dir when it stops).
// Beside each call's wall time: the API's CPU, its own event-loop delay (read from its /api/metrics) and its main
// thread's CPU-ms between two 10 ms ticks (loop-figures.mjs), which move less with the shared machine's load than wall
// time and the health probe do.
import http from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { taxLines, documentNumber, financialYear } from '../../shared/dist/invoices/invoice-lines.js';
import { MAIN, cpuSeconds, healthProbe, load, machine, must, call, printTargets, scratchDatabase, startApi } from './lib.mjs';
import { BENCH_METRICS_TOKEN, LOOP_CPU_PRELOAD, loopCpu, loopDelay } from './loop-figures.mjs';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 3);
const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
const EXPORTS = process.env.BENCH_EXPORTS !== '0';
const NODE_ARGS = ['--import', LOOP_CPU_PRELOAD, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])];
const LOOP_FILE = process.env.BENCH_LOOP_FILE ?? join(tmpdir(), `haat-bench-loop-${process.pid}.txt`);
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };
const SELLER = { name: 'Haat Retail Pvt Ltd', address: 'Bengaluru', state: 'Karnataka', gstin: '29AAHCH4527K1Z7' };
const STATES = ['Karnataka', 'Karnataka', 'Karnataka', 'Maharashtra', 'Kerala', 'Tamil Nadu', 'Delhi', 'Gujarat', 'West Bengal', 'Telangana'];
const GOODS = [
  { name: 'Godan (paperback)', hsn: '4901', rate: 0, price: 250 },
  { name: 'Basmati rice 5 kg', hsn: '1006', rate: 5, price: 640 },
  { name: 'Cotton shirt', hsn: '6205', rate: 12, price: 1120 },
  { name: 'Boult earbuds', hsn: '8518', rate: 18, price: 1180 },
];
const LAPTOP = { name: 'ThinkPad E14', hsn: '8471', rate: 18, price: 118_000 };
// 200 buyers' GSTINs of the right shape (the check character is not read back here).
const BUYERS = Array.from({ length: 200 }, (_, i) => `27AAPFU${String(1000 + i).padStart(4, '0')}F1Z${'ABCDEFGHJK'[i % 10]}`);

const ist = new Date(Date.now() + 330 * 60_000);
const MONTH = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
const LAST = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 0)).toISOString().slice(0, 10);
const DAYS = Number(LAST.slice(8, 10));
const monthStart = Date.parse(`${MONTH}-01T00:00:00+05:30`);

/** Invoice `i` of the month (and its credit note for one in thirty), as the invoices table holds them. */
function documentsOf(i, fy, userId) {
  const at = new Date(monthStart + Math.floor(((i + 0.5) / INVOICES) * DAYS * 86_400_000));
  const state = i % 100 === 7 ? 'Maharashtra' : STATES[i % STATES.length];
  const b2b = i % 10 === 3;
  /** @type {{ name: string, hsn: string, rate: number, quantity: number, total: number }[]} */
  const paid = i % 100 === 7 ? [{ name: LAPTOP.name, hsn: LAPTOP.hsn, rate: LAPTOP.rate, quantity: 1, total: LAPTOP.price }] : [];
  for (let k = 0; paid.length === 0 || k < i % 3; k++) {
    const g = /** @type {(typeof GOODS)[number]} */ (GOODS[(i + k) % GOODS.length]);
    paid.push({ name: g.name, hsn: g.hsn, rate: g.rate, quantity: 1 + (k % 2), total: g.price * (1 + (k % 2)) });
  }
  const buyer = { name: b2b ? `Traders ${i % 200}` : `Shopper ${i}`, address: 'Somewhere', state, ...(b2b ? { gstin: BUYERS[i % 200] } : {}) };
  const document = {
    kind: 'invoice',
    number: documentNumber('HT', fy, i + 1),
    date: at.toISOString(),
    orderId: `BK${i}`,
    seller: SELLER,
    buyer,
    placeOfSupply: state,
    ...taxLines(paid, state === SELLER.state),
  };
  const rows = [
    {
      id: `inv-${i}`,
      number: document.number,
      kind: 'invoice',
      order_id: document.orderId,
      user_id: userId,
      invoice_id: /** @type {string | null} */ (null),
      reason: /** @type {string | null} */ (null),
      issued_at: at,
      document,
    },
  ];
  if (i % 30 === 11) {
    const noteAt = new Date(Math.min(at.getTime() + 3_600_000, Date.parse(`${LAST}T23:59:00+05:30`)));
    const n = Math.floor(i / 30) + 1;
    const note = { ...document, kind: 'credit_note', number: documentNumber('HTCN', fy, n), date: noteAt.toISOString(), invoiceNumber: document.number };
    rows.push({
      id: `cn-${i}`,
      number: note.number,
      kind: 'credit_note',
      order_id: document.orderId,
      user_id: userId,
      invoice_id: `inv-${i}`,
      reason: 'return',
      issued_at: noteAt,
      document: note,
    });
  }
  return rows;
}

/** GET `path` reading the whole answer: status, bytes and wall ms. */
function fetchAll(base, path, token) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - t }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The API's peak resident memory so far (VmHWM) and now (VmRSS), in MiB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  return { peak: mib('VmHWM'), now: mib('VmRSS') };
}

/** One measured call with health probed and the API's event-loop delay read meanwhile. */
async function measured(api, path, token) {
  const loop = await loopDelay(api.url).start();
  const held = loopCpu(LOOP_FILE).start();
  const probe = healthProbe(api.url).start();
  const cpu0 = cpuSeconds(api.pid);
  const res = await fetchAll(api.url, path, token);
  const cpu = cpuSeconds(api.pid) - cpu0;
  const health = await probe.stop();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return { ...res, cpu, health, loop: await loop.stop(), held: await held.stop() };
}

async function seed(db, userId) {
  const direct = new pg.Client({ connectionString: db.url });
  await direct.connect();
  try {
    const t = performance.now();
    const fy = financialYear(new Date(monthStart));
    for (let from = 0; from < INVOICES; from += 2000) {
      const rows = [];
      for (let i = from; i < Math.min(INVOICES, from + 2000); i++) rows.push(...documentsOf(i, fy, userId));
      await direct.query('insert into invoices select * from json_populate_recordset(null::invoices, $1)', [JSON.stringify(rows)]);
    }
    await direct.query(
      `insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, delivery_address, created_at, updated_at)
       select 'BO' || g, $1, 'COD', 'CASH ON DELIVERY', 'DELIVERED', '[]'::jsonb, 1180, 1180, 1,
              jsonb_build_object('name', 'Shopper ' || g, 'state', 'Karnataka', 'pincode', '560001'), t, t
       from generate_series(1, $2::int) g, lateral (select $3::timestamptz + (g::float8 / $2::int) * interval '1 day' * $4::int as t) c`,
      [userId, ORDERS, new Date(monthStart).toISOString(), DAYS - 1],
    );
    await direct.query(
      `insert into order_lines (id, order_id, position, name, unit, quantity, price, discount, unit_price, sub_total_amt)
       select o.id || '-0', o.id, 0, 'Boult earbuds', '1 pc', 1, 1180, 0, 1180, 1180 from orders o where o.id like 'BO%'`,
    );
    await direct.query('vacuum analyze');
    const counts = (await direct.query(`select kind, count(*)::int as n from invoices group by kind order by kind`)).rows;
    console.log(
      `seeded ${counts.map((c) => `${c.n.toLocaleString('en-IN')} ${c.kind}s`).join(', ')} and ${ORDERS.toLocaleString('en-IN')} orders in ${Math.round((performance.now() - t) / 100) / 10} s`,
    );
  } finally {
    await direct.end();
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
    SHOP_STATE: 'Karnataka',
    SHOP_GSTIN: SELLER.gstin,
    RATE_LIMIT_FACTOR: '1000',
    SEED: 'none',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    BENCH_LOOP_CPU_FILE: LOOP_FILE,
  };
  const api = await startApi(env, { timeoutMs: 60_000, inheritOutput: true, main: API_MAIN, nodeArgs: NODE_ARGS });
  try {
    const A = api.url;
    const admin = (await must(call(A, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
    const reg = await must(
      call(A, 'POST', '/api/user/register', null, {
        name: 'Shopper',
        email: 'shopper@bench.local',
        password: 'shopper-pass-123',
        confirmPassword: 'shopper-pass-123',
      }),
      'register',
    );
    await seed(db, reg.data._id);
    const period = `from=${MONTH}-01&to=${LAST}`;
    const rows = [];

    const aloneLoop = await loopDelay(api.url).start();
    const aloneHeld = loopCpu(LOOP_FILE).start();
    const alone = healthProbe(api.url).start();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const quiet = await alone.stop();
    const quietLoop = await aloneLoop.stop();
    const quietHeld = await aloneHeld.stop();
    rows.push({
      name: `/api/health alone, 10 s (${quiet.n} probes)`,
      figure: `p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, max ${quiet.max} ms; event-loop delay p99 ${quietLoop.p99} ms, max ${quietLoop.max} ms; loop held p99 ${quietHeld.p99} CPU-ms, max ${quietHeld.max}`,
    });
    const before = memory(api.pid);
    for (const format of EXPORTS ? ['csv', 'xlsx'] : []) {
      const r = await measured(api, `/api/admin/orders/export?${period}&format=${format}`, admin);
      const mem = memory(api.pid);
      rows.push({
        name: `orders export, ${format} (${ORDERS.toLocaleString('en-IN')} rows)`,
        figure: `${(r.ms / 1000).toFixed(1)} s, ${(r.bytes / 2 ** 20).toFixed(1)} MiB, API CPU ${r.cpu.toFixed(1)} s, peak RSS ${before.peak} → ${mem.peak} MiB, health p99 ${r.health.p99} ms, loop delay p99 ${r.loop.p99} ms, held max ${r.held.max} CPU-ms`,
        target: 'peak RSS rises ≤ 64 MiB (a batch, not the file)',
        meets: mem.peak - before.peak <= 64,
      });
    }

    const calls = [];
    for (let i = 0; i < CALLS; i++) calls.push(await measured(api, `/api/admin/gst/gstr1?${period}&format=json`, admin));
    for (const [i, r] of calls.entries()) {
      rows.push({
        name: `GSTR-1 JSON, call ${i + 1} (${INVOICES.toLocaleString('en-IN')} invoices)`,
        figure: `${(r.ms / 1000).toFixed(2)} s, API CPU ${r.cpu.toFixed(2)} s, ${(r.bytes / 2 ** 20).toFixed(1)} MiB`,
        target: '≤ 30 s',
        meets: r.ms <= 30_000,
      });
      rows.push({
        name: `  /api/health meanwhile (${r.health.n} probes)`,
        figure: `p50 ${r.health.p50} ms, p99 ${r.health.p99} ms, max ${r.health.max} ms`,
        target: 'p99 < 50 ms',
        meets: r.health.p99 < 50,
      });
      rows.push({
        name: "  the API's event-loop delay meanwhile",
        figure: `p50 ${r.loop.p50} ms, p99 ${r.loop.p99} ms, max ${r.loop.max} ms`,
        target: 'p99 < 50 ms',
        meets: r.loop.p99 < 50,
      });
      rows.push({
        name: `  the loop held, CPU-ms a 10 ms tick (${r.held.n} ticks)`,
        figure: `p99 ${r.held.p99} ms, max ${r.held.max} ms (longest wall gap ${r.held.wallMax} ms)`,
        target: 'max < 50 ms',
        meets: r.held.max < 50,
      });
    }
    for (const [name, path] of [
      ['month-end overview', `/api/admin/gst/gstr1/overview?${period}`],
      ['B2B as CSV', `/api/admin/gst/gstr1?${period}&format=csv&table=b2b`],
    ]) {
      const r = await measured(api, path, admin);
      rows.push({
        name,
        figure: `${(r.ms / 1000).toFixed(2)} s, API CPU ${r.cpu.toFixed(2)} s, health p99 ${r.health.p99} ms, loop delay p99 ${r.loop.p99} / max ${r.loop.max} ms, held max ${r.held.max} CPU-ms`,
        target: '≤ 30 s, health p99 < 50 ms',
        meets: r.ms <= 30_000 && r.health.p99 < 50,
      });
    }
    console.log(`\nbooks bench: ${machine()}; load ${load()} at the end; peak RSS of the API ${memory(api.pid).peak} MiB`);
    printTargets(rows);
  } finally {
    await api.stop();
    await db.drop();
    if (!process.env.BENCH_LOOP_FILE) rmSync(LOOP_FILE, { force: true });
  }
}

await main();
