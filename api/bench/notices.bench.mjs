// npm run bench:notices — 10,000 notices sent exactly once by two instances, one killed mid-way, while the shop
// keeps answering (docs/decisions/0040-push-notices.md).
//
// Two built APIs (api/dist) on one scratch PostgreSQL database seeded with a small demo catalogue, both running the
// notice worker. Then:
// 1. Without notices: BENCH_SHOPPERS (8) signed-in shoppers loop "place a cash-on-delivery order of one product"
//    against instance B for BENCH_SECONDS (20), while /api/health of B is polled every 50 ms. Figures: orders/s,
//    health p99.
// 2. With notices: BENCH_NOTICES (10,000) shoppers each get one notice mail queued at once (the restock's fan-out;
//    "Notify me" is not in this build, so they are written as NoticesService.enqueue writes them: one insert of
//    `mail-shopper` rows, each with its shopper's consent read when it is sent), and the same checkout loop and
//    health probe run for the same time. Once a quarter of the mails went out, instance A is killed with SIGKILL;
//    B sends the rest, and what A held once its lease (BENCH_LEASE_MS, 20 s) ends.
// The mail receiver is each instance's mail folder (no SMTP_URL: every mail an .eml file): the bench counts the
// mails by Message-ID (one per notice key) over both folders. Checked: every notice sent, none failed, repeats only
// within the bound the decision names (what the dead instance had in flight, 8 at most). Targets: health p99 under
// 50 ms, checkout orders/s within 10 % of step 1. A miss is printed, not an error; a lost notice is an error.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_NOTICES, BENCH_SHOPPERS, BENCH_SECONDS, BENCH_LEASE_MS, BENCH_NOTICE_RATE (each instance's NOTICE_SENDS_PER_SECOND).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { totalsOf } from '../../shared/dist/money/pricing.js';
import { call, cpuSeconds, healthProbe, load, machine, percentiles, scratchDatabase, signedInShopper, startApi } from './lib.mjs';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 10_000);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LEASE_MS = Number(process.env.BENCH_LEASE_MS ?? 20_000);
/** NOTICE_SENDS_PER_SECOND of each instance (0: no cap). */
const RATE = Number(process.env.BENCH_NOTICE_RATE ?? 0);
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The Message-IDs of the mails in `dir`'s mail folder, one per .eml file. */
function messageIds(dir) {
  let names = [];
  try {
    names = readdirSync(join(dir, 'mail')).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((n) => /^Message-ID:\s*(\S+)/im.exec(readFileSync(join(dir, 'mail', n), 'utf8'))?.[1] ?? n);
}

/** SHOPPERS loops placing one-product cash orders on `base` for SECONDS, with B's health polled: orders/s and health p50/p99. */
async function checkoutWindow(base, pid, shoppers, productIds) {
  const cpu0 = cpuSeconds(pid);
  const health = healthProbe(base).start();
  const took = [];
  const failures = new Map();
  let stop = false;
  const loop = async (s, n) => {
    for (let k = n; !stop; k += SHOPPERS) {
      const product = productIds[k % productIds.length];
      const body = { list_items: [{ productId: product.id, quantity: 1 }], totalAmt: product.total, address: s.addressId };
      const t = performance.now();
      const res = await call(base, 'POST', '/api/order/cash-on-delivery', s.token, body, { 'idempotency-key': randomUUID() });
      if (res.status === 201) took.push(performance.now() - t);
      else failures.set(`${res.status} ${res.body?.code ?? ''}`, (failures.get(`${res.status} ${res.body?.code ?? ''}`) ?? 0) + 1);
    }
  };
  const started = performance.now();
  const loops = shoppers.map(loop);
  await sleep(SECONDS * 1000);
  stop = true;
  await Promise.all(loops);
  const elapsed = (performance.now() - started) / 1000;
  return {
    ordersPerSecond: took.length / elapsed,
    cpuMsPerOrder: ((cpuSeconds(pid) - cpu0) * 1000) / Math.max(1, took.length),
    order: percentiles(took),
    health: await health.stop(),
    failures: Object.fromEntries(failures),
  };
}

/** What NoticesService.enqueue writes for a restock's fan-out: one `mail-shopper` row per waiting shopper, one insert. */
async function queueNotices(direct) {
  await direct.query(
    `insert into users (id, name, email, language)
     select 'waiting-' || i, 'Waiting ' || i, 'waiting' || i || '@bench.local', case when i % 2 = 0 then 'hi-IN' else 'en-IN' end
     from generate_series(1, $1::int) i`,
    [NOTICES],
  );
  const t = performance.now();
  await direct.query(
    `insert into notice_jobs (id, kind, key, payload)
     select 'bench-' || i, 'mail-shopper', 'mail:back-in-stock:bench:' || i,
            jsonb_build_object('userId', 'waiting-' || i, 'topic', 'orderUpdates', 'kind', 'orderStage',
              'values', jsonb_build_object('orderId', 'BENCH', 'url', 'https://shop.test/product/bench'),
              'inLanguages', jsonb_build_object(
                'en-IN', jsonb_build_object('title', 'Back in stock', 'body', 'Bench Tea 250 g is back in stock.'),
                'hi-IN', jsonb_build_object('title', 'फिर से उपलब्ध', 'body', 'Bench Tea 250 g फिर से उपलब्ध है।')))
     from generate_series(1, $1::int) i`,
    [NOTICES],
  );
  return performance.now() - t;
}

async function states(direct) {
  const rows = (await direct.query(`select state, count(*)::int as n from notice_jobs where key like 'mail:back-in-stock:bench:%' group by state`)).rows;
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Queues the notices, kills instance A once a quarter went out, waits for all: what was sent, counted at the mail folders. */
async function sendWithKill(a, direct, dirs) {
  const cpuA0 = cpuSeconds(a.pid);
  const queuedMs = await queueNotices(direct);
  const sendStart = performance.now();
  let killedAfter = null;
  let cpuA = 0;
  while (killedAfter === null) {
    const sent = messageIds(dirs[0]).length + messageIds(dirs[1]).length;
    if (sent >= NOTICES / 4) {
      const pid = /** @type {number} */ (a.pid);
      cpuA = cpuSeconds(pid) - cpuA0;
      process.kill(pid, 'SIGKILL');
      killedAfter = sent;
    } else await sleep(50);
  }
  for (;;) {
    const s = await states(direct);
    if ((s.done ?? 0) + (s.failed ?? 0) >= NOTICES) break;
    if (performance.now() - sendStart > LEASE_MS + 600_000) throw new Error(`notices still waiting: ${JSON.stringify(s)}`);
    await sleep(200);
  }
  const sentInS = (performance.now() - sendStart) / 1000;
  const final = await states(direct);
  const ids = [...messageIds(dirs[0]), ...messageIds(dirs[1])];
  const times = new Map();
  for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
  const repeats = [...times.values()].filter((n) => n > 1).length;
  return { queuedMs, killedAfter, cpuA, sentInS, final, received: ids.length, distinct: times.size, repeats, lost: NOTICES - times.size };
}

/** The figures, each target beside its verdict. */
function report({ loads, quiet, busy, queuedMs, killedAfter, cpuA, sentInS, final, received, distinct, repeats, lost }) {
  const ratio = busy.ordersPerSecond / quiet.ordersPerSecond;
  console.log(
    `\nNotices: ${NOTICES.toLocaleString('en-IN')} mails queued in one insert (${queuedMs.toFixed(0)} ms), two instances on PostgreSQL, ${RATE ? `each sending at most ${RATE}/s` : 'no cap on sends'}`,
  );
  console.log(`  machine: ${machine()}; load average ${loads[0]} → ${loads[1]} (quiet) → ${loads[2]} (with notices)`);
  console.log(`  instance A killed with SIGKILL after ${killedAfter} mails (its CPU until then ${(cpuA * 1000).toFixed(0)} ms); lease ${LEASE_MS / 1000} s`);
  console.log(`  all ${NOTICES} done after ${sentInS.toFixed(1)} s (${(NOTICES / sentInS).toFixed(0)} notices/s); states ${JSON.stringify(final)}`);
  console.log(`  mails received ${received}, distinct ${distinct}, lost ${lost}, repeated ${repeats} (bound: 8)`);
  const row = (label, r) =>
    console.log(
      `  ${label.padEnd(16)} ${r.ordersPerSecond.toFixed(1).padStart(7)} orders/s  B's CPU ${r.cpuMsPerOrder.toFixed(1)} ms an order  order p50 ${r.order.p50} ms p99 ${r.order.p99} ms  health p50 ${r.health.p50} ms p99 ${r.health.p99} ms (${r.health.n} probes, ${r.health.errors} errors)  failures ${JSON.stringify(r.failures)}`,
    );
  row('without notices', quiet);
  row('with notices', busy);
  const verdict = (ok) => (ok ? 'meets' : 'MISSES');
  console.log(`  health p99 with notices ${busy.health.p99} ms, target < 50 ms: ${verdict(busy.health.p99 < 50)}`);
  console.log(`  checkout with notices ${(ratio * 100).toFixed(1)} % of without, target ≥ 90 %: ${verdict(ratio >= 0.9)}`);
  console.log(`  exactly once: ${lost === 0 && repeats <= 8 && (final.failed ?? 0) === 0 ? 'yes' : 'NO'}`);
}

async function main() {
  const db = await scratchDatabase();
  const dirs = [mkdtempSync(join(tmpdir(), 'haat-notices-a-')), mkdtempSync(join(tmpdir(), 'haat-notices-b-'))];
  const env = (dir) => ({
    DATABASE_URL: db.url,
    DATA_DIR: dir,
    SEED: 'demo',
    CATALOG_SIZE: '200',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_ACCESS_SECRET: 'bench-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdef',
    RATE_LIMIT_FACTOR: '100000',
    HOLD_LIMIT_UNITS: '1000000',
    UNVERIFIED_HOLD_LIMIT_UNITS: '1000000',
    NOTICE_LEASE_MS: String(LEASE_MS),
    NOTICE_SENDS_PER_SECOND: String(RATE),
    PUBLIC_URL: 'https://shop.test',
    LOG_LEVEL: 'error',
  });
  const direct = new pg.Client({ connectionString: db.url });
  let a = null;
  let b = null;
  let failed = false;
  try {
    // One at a time: the first migrates and seeds, the second finds it done.
    a = await startApi(env(dirs[0]), { timeoutMs: 300_000 });
    b = await startApi(env(dirs[1]), { timeoutMs: 300_000 });
    await direct.connect();
    await direct.query('update products set publish = true');
    await direct.query('update inventory_levels set on_hand = reserved + 1000000');
    const productIds = (
      await direct.query(
        `select id, price, discount from products p where publish and not exists (select 1 from product_variants v where v.product_id = p.id and not v.is_default) order by id limit 50`,
      )
    ).rows.map((r) => ({ id: r.id, total: totalsOf([{ price: Number(r.price), discount: Number(r.discount), quantity: 1 }]).grandTotal }));
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await signedInShopper(b.url, i));
    await checkoutWindow(b.url, b.pid, shoppers, productIds); // warm-up: plans, pools, caches

    const load0 = load();
    const quiet = await checkoutWindow(b.url, b.pid, shoppers, productIds);
    const load1 = load();

    const sending = sendWithKill(a, direct, dirs);
    const busy = await checkoutWindow(b.url, b.pid, shoppers, productIds);
    const load2 = load();
    const sent = await sending;
    report({ loads: [load0, load1, load2], quiet, busy, ...sent });
    failed = sent.lost !== 0 || sent.repeats > 8 || (sent.final.failed ?? 0) !== 0;
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
