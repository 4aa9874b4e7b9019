// npm run bench:overview — the admin overview call (GET /api/order/admin/overview) at 100,000 orders.
//
// Starts the built API (api/dist) on a scratch PostgreSQL database, makes 60 products through the API
// (a few of them low on stock), then writes BENCH_ORDERS (default 100,000) orders with 1–3 lines each
// straight into the tables, spread over the last 365 days, in every stage and payment state. Then
// asks for the overview 5 times to warm up and BENCH_CALLS (default 40) times measured, one at a time,
// and prints p50/p99 beside the 100 ms target, followed by EXPLAIN (ANALYZE) of the statements the
// call runs (copies of the orders repository's and the inventory's statements; keep them in step).
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_ORDERS (100000), BENCH_CALLS (40).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { call, must, percentiles, printTargets, scratchDatabase, startApi } from './lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const PRODUCTS = 60;
const TARGET_MS = 100;
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };
const TZ = 'Asia/Kolkata';

const SOLD = `o.status is not null and o.status <> 'CANCELLED' and o.payment_status <> 'CANCELLED'`;
const SINCE = `(((now() at time zone '${TZ}')::date - 29)::timestamp at time zone '${TZ}')`;
const STATEMENTS = {
  'sold per day': `select ((o.created_at at time zone '${TZ}')::date)::text as day, count(*)::int, coalesce(sum(o.total_amt), 0)::float8
    from orders o where o.created_at >= ${SINCE} and ${SOLD} group by 1`,
  'top products': `select l.product_id, max(l.name), sum(l.quantity)::int as units, coalesce(sum(l.sub_total_amt), 0)::float8 as revenue
    from orders o join order_lines l on l.order_id = o.id
    where o.created_at >= ${SINCE} and ${SOLD} and l.product_id is not null
    group by l.product_id order by units desc, revenue desc, l.product_id limit 10`,
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
  const api = await startApi(env, { timeoutMs: 60_000, inheritOutput: true });
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
    await direct.query('analyze');
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
    for (let i = 0; i < 5; i++) await ask();
    const times = [];
    let last;
    for (let i = 0; i < CALLS; i++) {
      const r = await ask();
      times.push(r.ms);
      last = r.data;
    }
    const p = percentiles(times);
    console.log(
      `overview: 30-day orders ${last.days.reduce((n, d) => n + d.orders, 0)}, waiting ${JSON.stringify(last.waiting)}, low stock ${last.lowStock.items.length}`,
    );
    for (const [name, text] of Object.entries(STATEMENTS)) {
      const plan = (await direct.query(`explain (analyze, buffers off) ${text}`)).rows.map((r) => r['QUERY PLAN']);
      console.log(`\n-- ${name}\n${plan.join('\n')}`);
    }
    printTargets([
      {
        name: `GET /api/order/admin/overview at ${ORDERS.toLocaleString('en-IN')} orders (${p.n} calls)`,
        figure: `p50 ${p.p50} ms, p99 ${p.p99} ms`,
        target: `p99 < ${TARGET_MS} ms`,
        meets: p.p99 < TARGET_MS,
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
