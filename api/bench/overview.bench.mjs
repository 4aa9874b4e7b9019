// npm run bench:overview — the admin overview call (GET /api/order/admin/overview) at 100,000 orders.
//
// Starts the built API (api/dist) on a scratch PostgreSQL database, makes 60 products through the API
// (a few of them low on stock), then writes BENCH_ORDERS (default 100,000) orders with 1–3 lines each
// straight into the tables, spread over the last 365 days, in every stage and payment state, and vacuums. Then
// asks for the overview 5 times to warm up and BENCH_CALLS (default 40) times measured, one at a time,
// and prints p50/p99 beside the 50 ms target with the CPU one call costs (the API's and PostgreSQL's
// backends', from /proc: the figure to trust on a busy machine), then /api/health polled alone and
// while BENCH_PARALLEL (16) overview calls at a time run for BENCH_BURST_SECONDS (10), followed by
// EXPLAIN (ANALYZE) of the statements the call runs (copies of the overview repository's, the orders
// repository's and the inventory's statements; keep them in step). The first calls roll up the closed
// days (docs/decisions/0232-the-overview-rolls-up-closed-days.md); the measured calls read their rows.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_ORDERS (100000), BENCH_CALLS (40), BENCH_PARALLEL (16), BENCH_BURST_SECONDS (10), BENCH_API_MAIN (another
// build's api/dist/main.js, to measure before and after with the same driver).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { MAIN, call, cpuSeconds, healthProbe, must, percentiles, printTargets, scratchDatabase, startApi } from './lib.mjs';

const API_MAIN = process.env.BENCH_API_MAIN ?? MAIN;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const PRODUCTS = 60;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 16);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 10);
const TARGET_MS = 50;
/** The health probe's median while the overview calls run may be at most this much above its median alone. */
const HEALTH_SLACK_MS = 20;
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };
const TZ = 'Asia/Kolkata';

const SOLD = `o.status is not null and o.status <> 'CANCELLED' and o.payment_status <> 'CANCELLED'`;
// The window: closed days from their roll-up rows, the open days (today, and any closed day not rolled up) from the orders.
const WINDOW = `b as (
      select (now() at time zone '${TZ}')::date as today, date_trunc('week', now() at time zone '${TZ}')::date as week_start,
             now() >= ((now() at time zone '${TZ}')::date::timestamp at time zone '${TZ}') + '15 minutes'::interval as settled
    ), w as (select today, week_start, today - 29 as since, case when settled then today - 1 else today - 2 end as closed_to from b
    ), rolled as (select r.day, r.orders, r.revenue from overview_days r, w
      where r.day >= w.since and r.day <= w.closed_to and not exists (select 1 from overview_stale_days s where s.day = r.day)
    ), open_days as (select w.since + g as day from w, generate_series(0, 29) g
      where not exists (select 1 from rolled r where r.day = w.since + g))`;
const OF_DAY = (d) => `o.created_at >= (${d}::timestamp at time zone '${TZ}') and o.created_at < ((${d} + 1)::timestamp at time zone '${TZ}')`;
const STATEMENTS = {
  'sold per day': `with ${WINDOW}, live as (
      select od.day, count(*)::int as orders, coalesce(sum(o.total_amt), 0) as revenue from open_days od join orders o on ${OF_DAY('od.day')} where ${SOLD} group by od.day
    ), per_day as (select day, orders, revenue from rolled union all select day, orders, revenue from live)
    select w.today::text, w.week_start::text,
      coalesce((select json_agg(json_build_object('day', d.day::text, 'orders', d.orders, 'revenue', d.revenue::float8)) from per_day d), '[]'::json),
      coalesce((select json_agg(od.day::text) from open_days od where od.day <= w.closed_to), '[]'::json) from w`,
  'top products': `with ${WINDOW}, recent as materialized (select o.id from open_days od join orders o on ${OF_DAY('od.day')} where ${SOLD}
    ), sold as (
      select p.product_id, p.name, p.units, p.revenue from overview_day_products p join rolled r on r.day = p.day
      union all
      select l.product_id, l.name, l.quantity, l.sub_total_amt from order_lines l where l.order_id = any(array(select id from recent)) and l.product_id is not null)
    select product_id, max(name), sum(units)::int as units, coalesce(sum(revenue), 0)::float8 as revenue
    from sold group by product_id order by units desc, revenue desc, product_id limit 10`,
  'waiting per stage': `select status, count(*) from orders where status in ('PLACED','CONFIRMED','SHIPPED','OUT_FOR_DELIVERY') and payment_status <> 'CANCELLED' group by status`,
  'low stock': `select p.id, p.name, sv.id, sv.name, (il.on_hand - il.reserved)::int as available
    from inventory_levels il join product_variants sv on sv.inventory_level_id = il.id join products p on p.id = sv.product_id
    where il.on_hand - il.reserved < 5
      and (not sv.is_default or not exists (select 1 from product_variants o where o.product_id = sv.product_id and not o.is_default))
    order by available, p.name, sv.position limit 50`,
};

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
  const api = await startApi(env, { timeoutMs: 60_000, inheritOutput: true, main: API_MAIN });
  const direct = new pg.Client({ connectionString: db.url });
  try {
    const A = api.url;
    const admin = (await must(call(A, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
    const category = (await must(call(A, 'POST', '/api/category/add-category', admin, { name: 'Bench Snacks', image: '/uploads/bench.webp' }), 'category'))
      .data;
    const sub = (
      await must(
        call(A, 'POST', '/api/subcategory/create', admin, { name: 'Bench Chips', image: '/uploads/bench.webp', category: [category._id] }),
        'subcategory',
      )
    ).data;
    const productIds = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const p = await must(
        call(A, 'POST', '/api/product/create', admin, {
          hsn: '8518',
          gstRate: 18,
          name: `Bench product ${i}`,
          unit: 'pack',
          stock: i % 12 === 0 ? i % 5 : 10_000,
          price: 20 + ((i * 37) % 480),
          discount: 0,
          description: 'Bench.',
          category: [category._id],
          subCategory: [sub._id],
        }),
        'product',
      );
      productIds.push(p.data._id);
    }
    const customer = 'shopper@bench.local';
    const reg = await must(
      call(A, 'POST', '/api/user/register', null, { name: 'Shopper', email: customer, password: 'shopper-pass-123', confirmPassword: 'shopper-pass-123' }),
      'register',
    );

    await direct.connect();
    const started = performance.now();
    // Stage by g % 20: mostly delivered, some in every waiting stage, some cancelled, one card order unpaid (an
    // account has one awaiting its payment at most: docs/decisions/0213-one-card-payment-waits-per-account.md).
    await direct.query(
      `insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, delivery_address, created_at, updated_at)
       select 'BO' || g, $1,
              case when g % 4 = 0 then 'CARD' else 'COD' end,
              case when g % 20 = 0 then 'CANCELLED' when g = 4 then 'AWAITING_PAYMENT' when g % 4 = 0 then 'PAID' else 'CASH ON DELIVERY' end,
              case when g % 20 = 0 then 'CANCELLED' when g = 4 then null when g % 20 = 1 then 'PLACED' when g % 20 = 2 then 'CONFIRMED'
                   when g % 20 = 3 then 'SHIPPED' when g % 20 = 5 then 'OUT_FOR_DELIVERY' else 'DELIVERED' end,
              '[]'::jsonb, 100 + g % 900, 100 + g % 900, 1 + g % 3, '{}'::jsonb, t, t
       from generate_series(1, $2::int) g, lateral (select now() - (g::float8 / $2::int) * interval '365 days' as t) c`,
      [reg.data._id, ORDERS],
    );
    await direct.query(
      `insert into order_lines (id, order_id, product_id, position, name, unit, quantity, price, discount, unit_price, sub_total_amt)
       select o.id || '-' || n, o.id, ($1::text[])[1 + abs(hashtext(o.id || n)) % $2::int], n - 1, 'Bench product', 'pack', 1, 100, 0, 100, 100
       from orders o, generate_series(1, o.quantity) n`,
      [productIds, productIds.length],
    );
    // As autovacuum would have by now (an insert-only table is vacuumed after 20% new rows): statistics, and the
    // visibility map that lets a count read an index alone (the orders waiting per stage).
    await direct.query('vacuum analyze');
    const lines = (await direct.query('select count(*)::int as n from order_lines')).rows[0].n;
    console.log(
      `seeded ${ORDERS.toLocaleString('en-IN')} orders, ${lines.toLocaleString('en-IN')} lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const ask = async () => {
      const t0 = performance.now();
      const res = await call(A, 'GET', '/api/order/admin/overview?lowStock=5', admin);
      if (res.status !== 200) throw new Error(`overview: ${res.status} ${JSON.stringify(res.body)}`);
      return { ms: performance.now() - t0, data: res.body.data };
    };
    // The first call works out the closed days of the window (their roll-up rows); the later ones read them.
    const firstCall = await ask();
    console.log(`first call (rolls up the closed days): ${firstCall.ms.toFixed(1)} ms`);
    for (let i = 0; i < 4; i++) await ask();
    // The CPU of the API and of every PostgreSQL backend of this database (its pools' connections,
    // and any parallel workers while they live), from /proc.
    const backends = async () =>
      (await direct.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
    const cpuOf = (pids) => pids.reduce((n, pid) => n + cpuSeconds(pid), cpuSeconds(api.pid));
    const pidsBefore = await backends();
    const cpuBefore = cpuOf(pidsBefore);
    const times = [];
    let last;
    for (let i = 0; i < CALLS; i++) {
      const r = await ask();
      times.push(r.ms);
      last = r.data;
    }
    const pidsAfter = await backends();
    const cpuPerCall = ((cpuOf(pidsAfter) - cpuBefore) * 1000) / CALLS;
    const stable = pidsAfter.every((pid) => pidsBefore.includes(pid));
    const p = percentiles(times);
    console.log(
      `overview: 30-day orders ${last.days.reduce((n, d) => n + d.orders, 0)}, waiting ${JSON.stringify(last.waiting)}, low stock ${last.lowStock.items.length}`,
    );
    console.log(
      `CPU per call (API + PostgreSQL): ${cpuPerCall.toFixed(1)} ms${stable ? '' : ' (a backend started while measuring: its CPU before is not subtracted)'}`,
    );

    const probe = healthProbe(A, 50);
    const alone = probe.start();
    await new Promise((r) => setTimeout(r, BURST_SECONDS * 1000));
    const healthAlone = await alone.stop();
    const during = probe.start();
    const burstEnds = Date.now() + BURST_SECONDS * 1000;
    let burstCalls = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (Date.now() < burstEnds) {
          await ask();
          burstCalls += 1;
        }
      }),
    );
    const healthDuring = await during.stop();
    console.log(
      `health alone p50 ${healthAlone.p50} ms, max ${healthAlone.max} ms; during ${PARALLEL} parallel overview calls (${burstCalls} in ${BURST_SECONDS} s) p50 ${healthDuring.p50} ms, p99 ${healthDuring.p99} ms, max ${healthDuring.max} ms, errors ${healthDuring.errors}`,
    );
    for (const [name, text] of Object.entries(STATEMENTS)) {
      const plan = (await direct.query(`explain (analyze, buffers off) ${text}`)).rows.map((r) => r['QUERY PLAN']);
      console.log(`\n-- ${name}\n${plan.join('\n')}`);
    }
    printTargets([
      {
        name: `GET /api/order/admin/overview at ${ORDERS.toLocaleString('en-IN')} orders (${p.n} calls)`,
        figure: `p50 ${p.p50} ms, p99 ${p.p99} ms; ${cpuPerCall.toFixed(1)} CPU-ms a call`,
        target: `p99 ≤ ${TARGET_MS} ms`,
        meets: p.p99 <= TARGET_MS,
      },
      {
        name: `GET /api/health during ${PARALLEL} parallel overview calls`,
        figure: `p50 ${healthDuring.p50} ms (alone ${healthAlone.p50} ms), errors ${healthDuring.errors}`,
        target: `p50 ≤ alone + ${HEALTH_SLACK_MS} ms`,
        meets: healthDuring.errors === 0 && healthDuring.p50 <= healthAlone.p50 + HEALTH_SLACK_MS,
      },
    ]);
  } finally {
    await direct.end().catch(() => undefined);
    await api.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
