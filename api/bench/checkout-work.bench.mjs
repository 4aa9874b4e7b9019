// npm run bench:checkout-work — the work one checkout costs, counted rather than timed.
//
// Orders per second move by 20–30 % within an hour on a shared machine, so a change worth a few per
// cent cannot be seen in them. This counts instead: the built API runs under valgrind's callgrind,
// one shopper places BENCH_ORDERS checkouts in a row (the checkout loop of bench:checkout: add 1–3
// products, set one line to 2 every other round, a cash-on-delivery order), and the figures are
// per checkout:
// - the API's machine instructions, split into its own work ("mutator": our code, the framework,
//   the driver) and V8's compiling and garbage collection, which move with timing from run to run;
// - PostgreSQL's statements, buffer hits and write-ahead-log records (pg_stat_statements, when the
//   server loads it: `shared_preload_libraries = 'pg_stat_statements'`; otherwise left out).
// Instructions are counted only while measuring (callgrind_control), after BENCH_WARM_ORDERS
// checkouts have let V8 compile the hot code. BENCH_PRODUCTS (500) demo products: the catalogue's
// size changes PostgreSQL's plans, not the API's work per call.
//
// Needs valgrind (Debian's package) on PATH. Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL,
// BENCH_API_MAIN (another build's api/dist/main.js, for before/after), BENCH_ORDERS (300),
// BENCH_WARM_ORDERS (2000), BENCH_PRODUCTS (500).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { totalsOf } from '../../shared/dist/money/pricing.js';
import { MAIN, call, machine, must, scratchDatabase, signedInShopper, startApi } from './lib.mjs';

const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const WARM = Number(process.env.BENCH_WARM_ORDERS ?? 2000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
// valgrind's control channel is named after USER and HOST, read by the API under valgrind and by
// callgrind_control alike: both get the same values.
const CONTROL_ENV = { ...process.env, USER: 'bench', HOST: '127.0.0.1' };

/** Instructions by what ran them: V8's compilers, its garbage collector, everything else. */
function instructionsOf(dir) {
  const split = { mutator: 0, compile: 0, gc: 0 };
  for (const file of readdirSync(dir)) {
    const out = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', join(dir, file)], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
    for (const line of out.split('\n')) {
      const m = /^\s*([\d,]+) \([\s\d.]+%\)\s+(.*)$/.exec(line);
      if (!m || line.includes('PROGRAM TOTALS')) continue;
      const ir = Number((m[1] ?? '').replaceAll(',', ''));
      const fn = m[2] ?? '';
      if (
        /compiler::|[Mm]aglev|[Tt]urboshaft|baseline::|Baseline|CompilationJob|OptimizingCompile|interpreter::Bytecode|Parser|parsing::|Scanner|Zone::|Pipeline/.test(
          fn,
        )
      )
        split.compile += ir;
      else if (
        /Marking|Sweeper|Scaveng|Heap::|Evacuat|Compactor|MarkCompact|GCTracer|heap::|MemoryAllocator|MemoryChunk|Page::|SlotSet|RememberedSet|ObjectVisitor|Ephemeron|WeakObjects|young_gen|Minor/.test(
          fn,
        )
      )
        split.gc += ir;
      else split.mutator += ir;
    }
  }
  return split;
}

async function main() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.error('bench:checkout-work needs valgrind (apt-get install -y valgrind).');
    process.exit(1);
  }
  const db = await scratchDatabase();
  const outDir = mkdtempSync(join(tmpdir(), 'haat-callgrind-'));
  /** @type {Awaited<ReturnType<typeof startApi>> | null} */
  let api = null;
  const direct = new pg.Client({ connectionString: db.url });
  try {
    api = await startApi(
      {
        USER: CONTROL_ENV.USER,
        DATABASE_URL: db.url,
        SEED: 'demo',
        CATALOG_SIZE: String(PRODUCTS),
        ADMIN_EMAIL: 'bench-admin@haat.local',
        ADMIN_PASSWORD: 'bench-admin-pass-1',
        JWT_ACCESS_SECRET: 'bench-access-secret-0123456789abcdef',
        JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdef',
        RATE_LIMIT_FACTOR: '100000',
        // One shopper places thousands of unpaid orders: the anti-hoarding cap is not what is counted.
        HOLD_LIMIT_UNITS: '1000000',
        // The unverified shoppers' cap stays on, just under it, so each order still looks its account up (as a shop does).
        UNVERIFIED_HOLD_LIMIT_UNITS: '999999',
        LOG_LEVEL: 'error',
        NODE_ENV: 'production',
      },
      { timeoutMs: 600_000, main: API_MAIN, wrapper: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outDir}/callgrind.%p`] },
    );
    const pid = String(api.pid);
    const control = (/** @type {string} */ what) => execFileSync('callgrind_control', [what, pid], { env: CONTROL_ENV, stdio: 'ignore' });
    const A = api.url;
    await direct.connect();
    // A build from before the inventory's pools (BENCH_API_MAIN of 00d3823 or earlier) keeps stock on the product row.
    const pools = (await direct.query("select to_regclass('inventory_levels') is not null as pools")).rows[0].pools;
    if (pools) {
      await direct.query('update products set publish = true');
      await direct.query('update inventory_levels set on_hand = reserved + 100000000');
    } else await direct.query('update products set publish = true, stock = 100000000');
    const ids = (
      await direct.query(
        pools
          ? 'select id from products where not exists (select 1 from product_variants v where v.product_id = products.id and not v.is_default) order by id'
          : "select id from products where variants = '[]'::jsonb order by id",
      )
    ).rows.map((r) => r.id);
    const { token, addressId } = await signedInShopper(A, 1);

    let k = 0;
    const checkouts = async (n) => {
      for (let i = 0; i < n; i++) {
        k += 1;
        const picks = new Set();
        for (let j = 0; j < 1 + (k % 3); j++) picks.add(ids[(k * 131 + j * 7) % ids.length]);
        /** @type {Map<string, {price: number, discount: number, quantity: number}>} */
        const cart = new Map();
        let lineId = null;
        for (const productId of picks) {
          const added = await must(call(A, 'POST', '/api/cart/create', token, { productId }), 'cart add');
          cart.set(productId, { price: added.data.productId.price, discount: added.data.productId.discount, quantity: added.data.quantity });
          lineId = added.data._id;
        }
        if (k % 2 === 0) {
          const set = await must(call(A, 'PUT', '/api/cart/update-qty', token, { _id: lineId, qty: 2 }), 'update-qty');
          const line = cart.get(set.data.productId._id);
          if (line) line.quantity = set.data.quantity;
        }
        const list = [...cart];
        const body = {
          list_items: list.map(([productId, l]) => ({ productId, quantity: l.quantity })),
          totalAmt: totalsOf(list.map(([, l]) => l)).grandTotal,
          address: addressId,
        };
        await must(call(A, 'POST', '/api/order/cash-on-delivery', token, body, { 'idempotency-key': randomUUID() }), 'order');
      }
    };
    await checkouts(WARM);
    // What autovacuum's analyze would do on a real server (see bench:checkout).
    await direct.query('analyze');
    await checkouts(20);

    let statements = true;
    try {
      await direct.query('create extension if not exists pg_stat_statements');
      await direct.query('select pg_stat_statements_reset()');
    } catch {
      statements = false;
    }
    control('--instr=on');
    await checkouts(ORDERS);
    control('--instr=off');
    const pgWork = statements
      ? (
          await direct.query(
            `select sum(calls)::int as calls, sum(shared_blks_hit)::int as hits, sum(wal_records)::int as wal
             from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'`,
          )
        ).rows[0]
      : null;
    await api.stop();
    api = null;
    const split = instructionsOf(outDir);
    const per = (n) => (n / ORDERS / 1e6).toFixed(2);
    console.log(`\nWork per checkout, ${ORDERS} checkouts by one shopper after ${WARM} to warm up, ${PRODUCTS} products; ${machine()}`);
    console.log(`  API instructions (millions)        mutator ${per(split.mutator)}, compiling ${per(split.compile)}, garbage collection ${per(split.gc)}`);
    if (pgWork)
      console.log(
        `  PostgreSQL                         ${(pgWork.calls / ORDERS).toFixed(2)} statements, ${(pgWork.hits / ORDERS).toFixed(1)} buffer hits, ${(pgWork.wal / ORDERS).toFixed(1)} WAL records`,
      );
    else console.log('  PostgreSQL                         not counted: the server does not load pg_stat_statements');
  } finally {
    await api?.stop().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await db.drop().catch(() => undefined);
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
