// npm run bench:notices — a restock of a product 10,000 shoppers wait for sends 10,000 notices exactly once, with two
// instances running (one killed mid-way), while the shop keeps answering (docs/decisions/0040-push-notices.md,
// docs/decisions/0320-notices-from-where-stock-and-prices-change.md).
//
// Two built APIs (api/dist) on one scratch PostgreSQL database seeded with a small demo catalogue, both running the
// notice worker, each with its own mail folder (no SMTP_URL: every mail an .eml file in $DATA_DIR/mail). Then:
// 1. The waiting shoppers: BENCH_NOTICES (10,000) accounts and their sessions written by the bench in two inserts
//    (what registering and signing in would write; their tokens signed here with the API's secret), because
//    10,000 password hashes would take the machine for minutes and are not what is measured. What they ask for goes
//    through the API, as their phones would send it: `PUT /api/user/notices` (back in stock by e-mail and push) and
//    `POST /api/product/notify-me` for one product the admin sold out first (`POST /api/product/admin/adjust-stock`).
// 2. Without notices: BENCH_SHOPPERS (8) other shoppers loop "place a cash-on-delivery order of one product" against
//    instance B for BENCH_SECONDS (30), while B's /api/health is polled every 50 ms. Figures: orders/s, health p99,
//    B's event-loop delay (api/bench/loop-delay.mjs, loaded with --import), B's CPU an order.
// 3. With notices: the same loop and probe, and one restock of that product through the admin's stock API on B,
//    timed. The inventory's trigger queues one back-in-stock notice; its handler fans out one per wait; each of
//    those queues the shopper's mail and push. Once a quarter of the mails are written, instance A is killed with
//    SIGKILL; B sends the rest, and what A held once its lease (BENCH_LEASE_MS, 20 s) ends.
// Checked at the mail folders, per recipient: every waiting shopper got their mail, repeats only within the bound the
// decision names (what the dead instance had in flight: BATCH rows), no notice failed. Targets: health p99 under
// 50 ms, checkout orders/s within 10 % of step 2. A missed target is printed, not an error; a lost notice is.
// CPU a notice: both APIs' and PostgreSQL's CPU from the restock until every notice is sent, less what the checkout
// loop cost over the same time at step 2's rate an order (B's and PostgreSQL's an order, A's a second).
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_NOTICES, BENCH_SHOPPERS, BENCH_SECONDS, BENCH_LEASE_MS, BENCH_NOTICE_RATE (each instance's
// NOTICE_SENDS_PER_SECOND; unset: the API's default), BENCH_CPU_PROF (a folder: instance B runs with --cpu-prof).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { totalsOf } from '../../shared/dist/money/pricing.js';
import {
  call,
  cpuSeconds,
  databaseCpu,
  databaseCpuBetween,
  healthProbe,
  load,
  machine,
  must,
  percentiles,
  scratchDatabase,
  signedInShopper,
  startApi,
} from './lib.mjs';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 10_000);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LEASE_MS = Number(process.env.BENCH_LEASE_MS ?? 20_000);
/** NOTICE_SENDS_PER_SECOND of each instance (unset: the API's default). */
const RATE = process.env.BENCH_NOTICE_RATE;
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Rows one instance holds at once (api/src/notices/notice-worker.ts): the most a SIGKILL can leave sent but not marked. */
const BATCH = Number(process.env.BENCH_REPEAT_BOUND ?? 8);
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };
const ACCESS_SECRET = 'bench-access-secret-0123456789abcdef';
const LOOP_DELAY = fileURLToPath(new URL('./loop-delay.mjs', import.meta.url));
const say = (what) => console.error(`[notices] ${what}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const WAITING = /-waiting(\d+)@bench\.local\.eml$/;

/** Each instance's CPU seconds a second with nothing to do (5 s). */
async function idleCpu(a, b) {
  const [a0, b0] = [cpuSeconds(a.pid), cpuSeconds(b.pid)];
  await sleep(5000);
  return { a: (cpuSeconds(a.pid) - a0) / 5, b: (cpuSeconds(b.pid) - b0) / 5 };
}

/** The waiting shoppers' mails in both folders: how many each received, by shopper number. */
function mailsByShopper(dirs) {
  const counts = new Map();
  for (const dir of dirs) {
    let names = [];
    try {
      names = readdirSync(join(dir, 'mail'));
    } catch {
      continue;
    }
    for (const name of names) {
      const n = WAITING.exec(name)?.[1];
      if (n) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
  }
  return counts;
}
const mailsSent = (dirs) => [...mailsByShopper(dirs).values()].reduce((a, b) => a + b, 0);

/** The event-loop delay of an API since the last call (loop-delay.mjs writes it on SIGWINCH). */
async function loopDelay(api) {
  rmSync(api.loopFile, { force: true });
  process.kill(api.pid, 'SIGWINCH');
  for (let i = 0; i < 200 && !existsSync(api.loopFile); i++) await sleep(25);
  return JSON.parse(readFileSync(api.loopFile, 'utf8'));
}

/** Runs `task` on `items` with `width` at once. */
async function eachAtOnce(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** A started API (lib.mjs startApi). */
/** @typedef {Awaited<ReturnType<typeof startApi>>} Api */

/**
 * SHOPPERS loops placing one-product cash orders on B for SECONDS, with B's health polled. `during` runs meanwhile.
 * @param {Api} b
 * @param {string} url
 * @param {any[]} shoppers
 * @param {any[]} productIds
 * @param {() => Promise<void>} [during]
 * @param {Api | null} [a]
 */
async function checkoutWindow(b, url, shoppers, productIds, during = async () => {}, a = null) {
  const cpu0 = cpuSeconds(b.pid);
  const cpuA0 = a ? cpuSeconds(a.pid) : 0;
  const db0 = await databaseCpu(url);
  await loopDelay(b);
  const health = healthProbe(b.url).start();
  const took = [];
  const failures = new Map();
  let stop = false;
  const loop = async (s, n) => {
    for (let k = n; !stop; k += SHOPPERS) {
      const product = productIds[k % productIds.length];
      const body = { list_items: [{ productId: product.id, quantity: 1 }], totalAmt: product.total, address: s.addressId };
      const t = performance.now();
      const res = await call(b.url, 'POST', '/api/order/cash-on-delivery', s.token, body, { 'idempotency-key': randomUUID() }).catch((e) => ({
        status: e.code,
        body: {},
      }));
      const why = `${res.status} ${res.body?.code ?? ''}`;
      if (res.status === 201) took.push(performance.now() - t);
      else failures.set(why, (failures.get(why) ?? 0) + 1);
    }
  };
  const started = performance.now();
  const loops = shoppers.map(loop);
  const side = during();
  await sleep(SECONDS * 1000);
  stop = true;
  await Promise.all(loops);
  const elapsed = (performance.now() - started) / 1000;
  return {
    side: await side,
    orders: took.length,
    ordersPerSecond: took.length / elapsed,
    cpuMsPerOrder: ((cpuSeconds(b.pid) - cpu0) * 1000) / Math.max(1, took.length),
    // What the other instance spends meanwhile with no notices to send (its caches following B's orders).
    cpuASharePerSecond: a ? (cpuSeconds(a.pid) - cpuA0) / elapsed : 0,
    dbMsPerOrder: (databaseCpuBetween(db0, await databaseCpu(url)) * 1000) / Math.max(1, took.length),
    order: percentiles(took),
    health: await health.stop(),
    loop: await loopDelay(b),
    failures: Object.fromEntries(failures),
  };
}

/** The waiting shoppers (accounts and sessions in two inserts), each asking through A's API for the product's return. */
async function waitingShoppers(direct, a, productId) {
  await direct.query(
    `insert into users (id, name, email, verify_email, language)
     select 'waiting' || i, 'Waiting ' || i, 'waiting' || i || '@bench.local', true, case when i % 2 = 0 then 'hi-IN' else 'en-IN' end
     from generate_series(1, $1::int) i`,
    [NOTICES],
  );
  await direct.query(
    `insert into refresh_sessions (id, user_id, current_jti, expires_at) select 'waiting-s' || i, 'waiting' || i, 'jti', now() + interval '1 day' from generate_series(1, $1::int) i`,
    [NOTICES],
  );
  const consents = {
    orderUpdates: { push: true, whatsapp: false, email: true },
    backInStock: { push: true, whatsapp: false, email: true },
    priceDrops: { push: false, whatsapp: false, email: false },
  };
  const started = performance.now();
  const ids = Array.from({ length: NOTICES }, (_, i) => i + 1);
  await eachAtOnce(ids, 16, async (i) => {
    const token = jwt.sign({ sub: `waiting${i}`, role: 'USER', sid: `waiting-s${i}`, typ: 'access' }, ACCESS_SECRET, { expiresIn: 3600 });
    await must(call(a.url, 'PUT', '/api/user/notices', token, consents), 'consents');
    await must(call(a.url, 'POST', '/api/product/notify-me', token, { productId }), 'notify me');
  });
  return (performance.now() - started) / 1000;
}

/** Restocks the product through B's admin API, kills A once a quarter of the mails are written, waits for every notice. */
async function restockWithKill({ a, b, url, direct, dirs, admin, productId }) {
  const cpu0 = { a: cpuSeconds(a.pid), b: cpuSeconds(b.pid), db: await databaseCpu(url) };
  const t = performance.now();
  await must(call(b.url, 'POST', '/api/product/admin/adjust-stock', admin, { productId, stock: 500, expectedStock: 0 }), 'restock');
  const restockMs = performance.now() - t;
  let killedAfter = null;
  let cpuA = 0;
  let aliveS = 0;
  let atKill = cpu0.db;
  while (killedAfter === null) {
    const sent = mailsSent(dirs);
    if (sent >= NOTICES / 4) {
      cpuA = cpuSeconds(a.pid) - cpu0.a;
      aliveS = (performance.now() - t) / 1000;
      // PostgreSQL's CPU so far, read before A's backends end with it.
      atKill = await databaseCpu(url);
      process.kill(a.pid, 'SIGKILL');
      killedAfter = sent;
    } else if (performance.now() - t > 600_000) throw new Error(`only ${sent} mails after 10 minutes`);
    else await sleep(50);
  }
  // The queue is counted only once every mail is written: counted every 200 ms, the bench's own reads of a long queue
  // were a tenth of the PostgreSQL CPU it charged the notices.
  for (let waiting = null; ;) {
    if (mailsSent(dirs) >= NOTICES) {
      waiting = (await direct.query(`select count(*)::int as n from jobs where state in ('queued', 'running')`)).rows[0].n;
      if (waiting === 0) break;
    }
    if (performance.now() - t > LEASE_MS + 900_000) throw new Error(`notices still waiting: ${waiting ?? `${mailsSent(dirs)} mails`}`);
    await sleep(200);
  }
  const sentInS = (performance.now() - t) / 1000;
  const cpu = { a: cpuA, aliveS, b: cpuSeconds(b.pid) - cpu0.b, db: databaseCpuBetween(cpu0.db, atKill) + databaseCpuBetween(atKill, await databaseCpu(url)) };
  const failed = (await direct.query(`select kind, count(*)::int as n from jobs where state = 'failed' group by kind`)).rows;
  const counts = mailsByShopper(dirs);
  const repeats = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
  return { restockMs, killedAfter, cpu, sentInS, failed, received: mailsSent(dirs), distinct: counts.size, repeats, lost: NOTICES - counts.size };
}

/** The figures, each target beside its verdict. */
function report({ loads, subscribeS, quiet, busy, sent, plainAdjustMs, idle }) {
  const ratio = busy.ordersPerSecond / quiet.ordersPerSecond;
  const checkoutApi = (quiet.cpuMsPerOrder * busy.orders) / 1000;
  const checkoutDb = (quiet.dbMsPerOrder * busy.orders) / 1000;
  // B idles (timers, its search index) for the part of the send after the checkout window; A's share is its quiet one.
  const bIdle = idle.b * Math.max(0, sent.sentInS - SECONDS + 1);
  const apiMs = ((sent.cpu.a - quiet.cpuASharePerSecond * sent.cpu.aliveS + sent.cpu.b - checkoutApi - bIdle) * 1000) / NOTICES;
  const dbMs = ((sent.cpu.db - checkoutDb) * 1000) / NOTICES;
  console.log(
    `\nNotices: one restock of a product ${NOTICES.toLocaleString('en-IN')} shoppers wait for, two instances on PostgreSQL, NOTICE_SENDS_PER_SECOND ${RATE ?? '(default)'}`,
  );
  console.log(`  machine: ${machine()}; load average ${loads.join(' → ')} (start, quiet, with notices, end)`);
  console.log(`  ${NOTICES} shoppers' consents and Notify me through the API in ${subscribeS.toFixed(1)} s`);
  console.log(
    `  A alive ${sent.cpu.aliveS.toFixed(1)} s after the restock; A's CPU a second during the quiet checkout ${(quiet.cpuASharePerSecond * 1000).toFixed(0)} ms, idle A ${(idle.a * 1000).toFixed(0)} ms B ${(idle.b * 1000).toFixed(0)} ms\n` +
      `  restock request ${sent.restockMs.toFixed(0)} ms (a stock change nobody waits for, before the checkout load: ${plainAdjustMs.toFixed(0)} ms); instance A killed with SIGKILL after ${sent.killedAfter} mails (its CPU until then ${(sent.cpu.a * 1000).toFixed(0)} ms); lease ${LEASE_MS / 1000} s`,
  );
  console.log(
    `  all done ${sent.sentInS.toFixed(1)} s after the restock (${(NOTICES / sent.sentInS).toFixed(0)} shoppers told a second); failed ${JSON.stringify(sent.failed)}`,
  );
  console.log(`  mails received ${sent.received}, shoppers told ${sent.distinct}, lost ${sent.lost}, repeated ${sent.repeats} (bound: ${BATCH})`);
  console.log(`  CPU a notice (mail + push + the wait's own, less the checkout's share): APIs ${apiMs.toFixed(2)} ms, PostgreSQL ${dbMs.toFixed(2)} ms`);
  const row = (label, r) =>
    console.log(
      `  ${label.padEnd(16)} ${r.ordersPerSecond.toFixed(1).padStart(7)} orders/s  B's CPU ${r.cpuMsPerOrder.toFixed(1)} ms an order (PostgreSQL ${r.dbMsPerOrder.toFixed(1)})  order p50 ${r.order.p50} p99 ${r.order.p99} ms  health p50 ${r.health.p50} p99 ${r.health.p99} ms (${r.health.n} probes, ${r.health.errors} errors)  B's event-loop delay p99 ${r.loop.p99} max ${r.loop.max} ms  failures ${JSON.stringify(r.failures)}`,
    );
  row('without notices', quiet);
  row('with notices', busy);
  const verdict = (ok) => (ok ? 'meets' : 'MISSES');
  console.log(`  health p99 with notices ${busy.health.p99} ms (without ${quiet.health.p99}), target < 50 ms: ${verdict(busy.health.p99 < 50)}`);
  console.log(`  checkout with notices ${(ratio * 100).toFixed(1)} % of without, target ≥ 90 %: ${verdict(ratio >= 0.9)}`);
  console.log(`  exactly once: ${sent.lost === 0 && sent.repeats <= BATCH && sent.failed.length === 0 ? 'yes' : 'NO'}`);
}

const env = (url, dir) => ({
  DATABASE_URL: url,
  DATA_DIR: dir,
  SEED: 'demo',
  CATALOG_SIZE: '200',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  JWT_ACCESS_SECRET: ACCESS_SECRET,
  JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdef',
  RATE_LIMIT_FACTOR: '100000',
  HOLD_LIMIT_UNITS: '1000000',
  UNVERIFIED_HOLD_LIMIT_UNITS: '1000000',
  NOTICE_LEASE_MS: String(LEASE_MS),
  ...(RATE === undefined ? {} : { NOTICE_SENDS_PER_SECOND: RATE }),
  PUBLIC_URL: 'https://shop.test',
  LOG_LEVEL: 'error',
  BENCH_LOOP_DELAY_FILE: join(dir, 'loop-delay.json'),
});

async function start(url, dir, profile) {
  const nodeArgs = ['--import', LOOP_DELAY, ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [])];
  const api = await startApi(env(url, dir), { timeoutMs: 300_000, nodeArgs });
  return { ...api, loopFile: join(dir, 'loop-delay.json') };
}

/** The catalogue ready: everything published and deep in stock but one product, sold out, which the shoppers wait for. */
async function shop(direct, b) {
  await direct.query('update products set publish = true');
  await direct.query('update inventory_levels set on_hand = reserved + 1000000');
  const singles = (
    await direct.query(
      `select id, price, discount from products p where publish and not exists (select 1 from product_variants v where v.product_id = p.id and not v.is_default) order by id limit 51`,
    )
  ).rows.map((r) => ({ id: r.id, total: totalsOf([{ price: Number(r.price), discount: Number(r.discount), quantity: 1 }]).grandTotal }));
  const [waited, ...productIds] = singles;
  const admin = (await must(call(b.url, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
  await must(call(b.url, 'POST', '/api/product/admin/adjust-stock', admin, { productId: waited.id, stock: 0, expectedStock: 1_000_000 }), 'sold out');
  // The same request with nobody waiting, for the restock's latency to be read against (one another product, twice).
  const plain = [];
  for (const stock of [999_999, 1_000_000]) {
    const t = performance.now();
    await must(
      call(b.url, 'POST', '/api/product/admin/adjust-stock', admin, {
        productId: productIds[0].id,
        stock,
        expectedStock: stock === 999_999 ? 1_000_000 : 999_999,
      }),
      'adjust',
    );
    plain.push(performance.now() - t);
  }
  return { admin, waited: waited.id, productIds, plainAdjustMs: Math.min(...plain) };
}

async function main() {
  const db = await scratchDatabase();
  const dirs = [mkdtempSync(join(tmpdir(), 'haat-notices-a-')), mkdtempSync(join(tmpdir(), 'haat-notices-b-'))];
  const direct = new pg.Client({ connectionString: db.url });
  let a = null;
  let b = null;
  let failed = false;
  try {
    // One at a time: the first migrates and seeds, the second finds it done.
    a = await start(db.url, dirs[0]);
    b = await start(db.url, dirs[1], CPU_PROF);
    await direct.connect();
    say('both instances up');
    const loads = [load()];
    const { admin, waited, productIds, plainAdjustMs } = await shop(direct, b);
    say('product sold out');
    const subscribeS = await waitingShoppers(direct, a, waited);
    say(`${NOTICES} shoppers wait for it`);
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await signedInShopper(b.url, i));
    await checkoutWindow(b, db.url, shoppers, productIds); // warm-up: plans, pools, caches
    const idle = await idleCpu(a, b);
    say('warmed up');
    const quiet = await checkoutWindow(b, db.url, shoppers, productIds, undefined, a);
    loads.push(load());
    /** @type {{ promise: Promise<any> | null }} */
    const sending = { promise: null };
    const busy = await checkoutWindow(b, db.url, shoppers, productIds, async () => {
      await sleep(1000);
      sending.promise = restockWithKill({ a, b, url: db.url, direct, dirs, admin, productId: waited });
    });
    loads.push(load());
    say('checkout window with notices over');
    if (!sending.promise) throw new Error('the restock never started');
    const sent = await sending.promise;
    loads.push(load());
    report({ loads, subscribeS, quiet, busy, sent, plainAdjustMs, idle });
    failed = sent.lost !== 0 || sent.repeats > BATCH || sent.failed.length !== 0;
  } catch (error) {
    for (const [name, api] of /** @type {Array<[string, Api | null]>} */ ([
      ['A', a],
      ['B', b],
    ]))
      if (api) console.error(`instance ${name}'s log ends:\n${api.log().slice(-3000)}`);
    throw error;
  } finally {
    await direct.end().catch(() => {});
    await b?.stop().catch(() => {});
    if (a) await a.stop().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await db.drop();
  }
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
