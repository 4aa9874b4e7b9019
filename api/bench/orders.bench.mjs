// npm run bench:orders — placing cash-on-delivery orders against PostgreSQL, and how soon an admin hears of them.
//
// Starts the built API (api/dist) as child processes on a scratch PostgreSQL database, makes 16
// shoppers (each with their own account and address) and products with ample stock, then for
// BENCH_SECONDS (default 20, after a 5 s warm-up) each shopper places orders back to back.
// Prints throughput and p50/p99 of the order call, and of commit → the admin's socket event
// (the server stamps `committedAt` right after the transaction commits; same machine clock).
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// REDIS_URL (optional: socket.io through the Redis adapter), BENCH_INSTANCES=2 (orders through
// instance A, the admin socket on instance B; needs REDIS_URL), BENCH_SHOPPERS (16), BENCH_SECONDS (20).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { io } from 'socket.io-client';
import { discountedPrice, totalsOf } from '../../shared/dist/money/pricing.js';
import { call, must, percentiles, scratchDatabase, shopperAddress, startApi } from './lib.mjs';

const REDIS_URL = process.env.REDIS_URL;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
const PRODUCTS = 40;
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };

if (INSTANCES > 1 && !REDIS_URL) throw new Error('BENCH_INSTANCES=2 needs REDIS_URL (the socket.io adapter is what joins the instances)');

const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');

async function main() {
  const db = await scratchDatabase();
  const env = {
    DATABASE_URL: db.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_ACCESS_SECRET: 'bench-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdef',
    RATE_LIMIT_FACTOR: '1000',
    // Shoppers loop placing unpaid orders: the anti-hoarding cap is not what is measured.
    HOLD_LIMIT_UNITS: '1000000',
    // The unverified shoppers' cap stays on, just under it, so each order still looks its account up (as a shop does).
    UNVERIFIED_HOLD_LIMIT_UNITS: '999999',
    SEED: 'none',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    ...(REDIS_URL ? { REDIS_URL } : {}),
  };
  // One after the other: the first one migrates the fresh database.
  const instances = [];
  const stopAll = async () => {
    for (const i of instances) await i.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
  };
  try {
    for (let i = 0; i < INSTANCES; i++) instances.push(await startApi(env, { timeoutMs: 60_000, inheritOutput: true }));
    const A = instances[0]?.url;
    const B = instances[instances.length - 1]?.url;
    if (!A || !B) throw new Error('no instance started');

    // The shop: products with ample stock, a range of prices and discounts.
    const admin = (await must(call(A, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
    const category = (await must(call(A, 'POST', '/api/category/add-category', admin, { name: 'Bench Snacks', image: '/uploads/bench.webp' }), 'category'))
      .data;
    const sub = (
      await must(
        call(A, 'POST', '/api/subcategory/create', admin, { name: 'Bench Chips', image: '/uploads/bench.webp', category: [category._id] }),
        'subcategory',
      )
    ).data;
    const products = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const price = 20 + ((i * 37) % 480) + 0.5 * (i % 2);
      const discount = (i * 7) % 40;
      const p = await must(
        call(A, 'POST', '/api/product/create', admin, {
          hsn: '8518',
          gstRate: 18,
          name: `Bench product ${i}`,
          unit: 'pack',
          stock: 1_000_000,
          price,
          discount,
          description: 'Bench.',
          category: [category._id],
          subCategory: [sub._id],
        }),
        'product',
      );
      products.push({ _id: p.data._id, price, discount, unitPrice: discountedPrice(price, discount) });
    }

    // Shoppers, each with their own account and delivery address.
    const shoppers = [];
    const direct = new pg.Client({ connectionString: db.url });
    await direct.connect();
    for (let i = 0; i < SHOPPERS; i++) {
      const email = `shopper${i}@bench.local`;
      const password = 'shopper-pass-123';
      const reg = await must(call(A, 'POST', '/api/user/register', null, { name: `Shopper ${i}`, email, password, confirmPassword: password }), 'register');
      const token = (await must(call(A, 'POST', '/api/user/login', null, { email, password }), 'login')).data.accesstoken;
      const address = shopperAddress(i);
      let res = await call(A, 'POST', '/api/address/create', token, address);
      let addressId = res.body?.data?._id;
      if (res.status === 404 && !addressId) {
        // Older builds without the address routes: write the row the route would write.
        addressId = randomUUID().replaceAll('-', '');
        await direct.query(
          'insert into addresses (id, user_id, name, building, address_line, district, city, state, country, pincode, mobile) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)',
          [
            addressId,
            reg.data._id,
            address.name,
            address.building,
            address.address_line,
            address.district,
            address.city,
            address.state,
            address.country,
            address.pincode,
            address.mobile,
          ],
        );
      } else if (res.status >= 300) throw new Error(`address: ${res.status} ${JSON.stringify(res.body)}`);
      shoppers.push({ token, addressId });
    }
    await direct.end();

    // The admin's dashboard socket (on instance B when there are two).
    const socket = io(B, { transports: ['websocket'], auth: { token: admin }, reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    const heard = new Map();
    socket.on('new-order', (e) => heard.set(e.orderId, Date.now() - e.committedAt));

    let phase = 'warmup';
    const latencies = [];
    const placedIds = [];
    const failures = new Map();
    let stop = false;
    const shopperLoop = async (s, n) => {
      let k = n;
      while (!stop) {
        k += 1;
        const lines = [];
        for (let j = 0; j < 1 + (k % 3); j++) lines.push({ product: products[(k * 13 + j * 7 + n * 5) % products.length], quantity: 1 + ((k + j) % 2) });
        const unique = [...new Map(lines.map((l) => [l.product._id, l])).values()];
        const totalAmt = totalsOf(unique.map((l) => ({ price: l.product.price, discount: l.product.discount, quantity: l.quantity }))).grandTotal;
        const body = { list_items: unique.map((l) => ({ productId: l.product._id, quantity: l.quantity })), totalAmt, address: s.addressId };
        const started = performance.now();
        const res = await call(A, 'POST', '/api/order/cash-on-delivery', s.token, body, { 'idempotency-key': randomUUID() });
        const took = performance.now() - started;
        if (phase !== 'measure') continue;
        if (res.status === 201) {
          latencies.push(took);
          placedIds.push(res.body.data.orderId);
        } else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
      }
    };
    const loops = shoppers.map((s, n) => shopperLoop(s, n));
    await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    phase = 'measure';
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    phase = 'done';
    const elapsed = (performance.now() - t0) / 1000;
    stop = true;
    await Promise.all(loops);
    await new Promise((r) => setTimeout(r, 1000));
    socket.close();

    const order = percentiles(latencies);
    const event = percentiles(placedIds.map((id) => heard.get(id)).filter((v) => v !== undefined));
    const result = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      instances: INSTANCES,
      redis: Boolean(REDIS_URL),
      shoppers: SHOPPERS,
      seconds: SECONDS,
      orders: order.n,
      throughput: order.n / elapsed,
      p50: order.p50,
      p99: order.p99,
      max: order.max,
      failures: Object.fromEntries(failures),
      events: event.n,
      eventP50: event.p50,
      eventP99: event.p99,
      eventMax: event.max,
    };
    console.log(
      `\nOrders (cash on delivery), ${SHOPPERS} concurrent shoppers, ${SECONDS} s, ${INSTANCES} instance(s)${REDIS_URL ? ' with Redis' : ''}, PostgreSQL`,
    );
    console.log(`  placed          ${result.orders} orders, ${result.throughput.toFixed(1)} orders/s`);
    console.log(`  order call      p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)}`);
    console.log(`  failures        ${JSON.stringify(result.failures)}`);
    console.log(
      `  commit → admin  ${result.events}/${result.orders} events, p50 ${ms(result.eventP50)}  p99 ${ms(result.eventP99)}  max ${ms(result.eventMax)} (ms clock resolution)`,
    );
    console.log(JSON.stringify(result));
    if (result.events < result.orders) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
