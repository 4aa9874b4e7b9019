// npm run bench:documents — what downloading tax documents costs everyone else.
//
// Starts the built API (api/dist) on PGlite, makes one cash-on-delivery order of BENCH_LINES (50) lines
// for a shopper whose name is in Devanagari, delivers it (its tax invoice is issued), then measures
// /api/health (one probe every 50 ms) for BENCH_SECONDS (10) three ways: idle; while the shopper downloads
// the invoice as JSON in BENCH_LOOPS (4) loops; and while they download it as a PDF in as many loops. The
// PDF is drawn off the event loop, once, and kept (docs/decisions/0200-tax-invoices.md), so the PDF round
// should cost health about what the JSON one does. RATE_LIMIT_FACTOR is BENCH_RATE_LIMIT_FACTOR (default
// 1000000: the per-account download limit would otherwise answer most of the loops' requests with 429,
// which is its point, but then the draw would not be measured); the 429s are counted either way.
//
// Environment: BENCH_LINES (50), BENCH_LOOPS (4), BENCH_SECONDS (10), BENCH_RATE_LIMIT_FACTOR (1000000).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { call, healthProbe, load, machine, must, shopperAddress, startApi } from './lib.mjs';

const LINES = Number(process.env.BENCH_LINES ?? 50);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };

/** GET a document, reading the whole answer; its status and size. */
function download(base, path, token, accept) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, accept } }, (res) => {
      let size = 0;
      res.on('data', (c) => (size += c.length));
      res.on('end', () => resolve({ status: res.statusCode, size }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Health while `LOOPS` loops download `path` (or nothing, for `accept` null) for SECONDS. */
async function round(api, path, token, accept) {
  const probe = healthProbe(api.url).start();
  const stopAt = performance.now() + SECONDS * 1000;
  /** @type {{ ok: number, limited: number, other: number, bytes: number, ms: number[] }} */
  const answers = { ok: 0, limited: 0, other: 0, bytes: 0, ms: [] };
  const loops = accept
    ? Array.from({ length: LOOPS }, async () => {
        while (performance.now() < stopAt) {
          const t = performance.now();
          const res = await download(api.url, path, token, accept);
          answers.ms.push(performance.now() - t);
          if (res.status === 200) {
            answers.ok += 1;
            answers.bytes = res.size;
          } else if (res.status === 429) answers.limited += 1;
          else answers.other += 1;
        }
      })
    : [new Promise((r) => setTimeout(r, SECONDS * 1000))];
  await Promise.all(loops);
  const health = await probe.stop();
  const sorted = answers.ms.sort((a, b) => a - b);
  const p50 = Math.round((sorted[Math.floor(sorted.length / 2)] ?? NaN) * 10) / 10;
  return { health, downloads: { ...answers, ms: undefined, p50 } };
}

async function main() {
  console.log(`bench:documents — ${machine()}, load ${load()}; ${LINES} lines, ${LOOPS} loops, ${SECONDS} s a round`);
  const api = await startApi(
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      HOLD_LIMIT_UNITS: '1000000',
      UNVERIFIED_HOLD_LIMIT_UNITS: '1000000',
      RATE_LIMIT_FACTOR: process.env.BENCH_RATE_LIMIT_FACTOR ?? '1000000',
    },
    { timeoutMs: 120_000 },
  );
  try {
    const admin = (await must(call(api.url, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
    const category = (await must(call(api.url, 'POST', '/api/category/add-category', admin, { name: 'Bench Kitchen', image: '/uploads/b.webp' }), 'category'))
      .data;
    const lines = [];
    let total = 0;
    for (let i = 0; i < LINES; i++) {
      const price = 100 + i;
      const p = await must(
        call(api.url, 'POST', '/api/product/create', admin, {
          hsn: '8518',
          gstRate: 18,
          name: `Steel tiffin स्टील टिफ़िन ${i}`,
          unit: 'pack',
          stock: 1000,
          price,
          description: 'Bench.',
          category: [category._id],
        }),
        'product',
      );
      lines.push({ productId: p.data._id, quantity: 1 });
      total += price;
    }
    const email = 'priya@bench.local';
    const password = 'shopper-pass-123';
    await must(call(api.url, 'POST', '/api/user/register', null, { name: 'प्रिया शर्मा', email, password, confirmPassword: password }), 'register');
    const token = (await must(call(api.url, 'POST', '/api/user/login', null, { email, password }), 'login')).data.accesstoken;
    const address = await must(
      call(api.url, 'POST', '/api/address/create', token, { ...shopperAddress(0), name: 'प्रिया शर्मा', building: 'फ़्लैट 12', address_line: 'एमजी रोड' }),
      'address',
    );
    const order = await must(
      call(api.url, 'POST', '/api/order/cash-on-delivery', token, { list_items: lines, totalAmt: total, addressId: address.data._id }),
      'order',
    );
    const orderId = order.data.orderId;
    await must(call(api.url, 'POST', '/api/order/admin/update-status', admin, { orderId, status: 'DELIVERED' }), 'deliver');
    const path = `/api/order/${orderId}/invoice`;

    const idle = await round(api, path, token, null);
    const json = await round(api, path, token, 'application/json');
    const pdf = await round(api, path, token, 'application/pdf');
    const show = (name, r) =>
      console.log(
        `${name.padEnd(14)} health p50 ${String(r.health.p50).padStart(6)} ms, p99 ${String(r.health.p99).padStart(6)} ms, max ${String(r.health.max).padStart(6)} ms (${r.health.n} probes)` +
          (r.downloads.ok + r.downloads.limited + r.downloads.other
            ? `; downloads ${r.downloads.ok} ok (p50 ${r.downloads.p50} ms, ${r.downloads.bytes} bytes), ${r.downloads.limited} × 429, ${r.downloads.other} other`
            : ''),
      );
    show('idle', idle);
    show('invoice JSON', json);
    show('invoice PDF', pdf);
  } finally {
    await api.stop();
  }
}

await main();
