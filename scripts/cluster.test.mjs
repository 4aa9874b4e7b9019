// Two instances behind deploy/nginx.conf, started by `npm run cluster` (scripts/cluster.mjs) on a new
// PostgreSQL database and the Redis of REDIS_URL, as README "Deploying past one machine" describes.
// Run by `npm test`'s stages after the API's build: node --test scripts/cluster.test.mjs.
// Skipped, saying why, without TEST_DATABASE_URL, REDIS_URL, nginx or a built API.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io } from 'socket.io-client';
import { shopperAddress } from '../api/bench/lib.mjs';
import { freePort } from './free-port.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-pass-1' };
const BASE = process.env.TEST_DATABASE_URL;
const hasNginx = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].some((d) => existsSync(join(d, 'nginx')));
const missing = [
  ...['TEST_DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]).map((name) => `${name} is not set`),
  ...(hasNginx ? [] : ['nginx is not installed (apt-get install nginx-light)']),
  ...(existsSync(join(ROOT, 'api', 'dist', 'main.js')) ? [] : ['the API is not built (npm run build)']),
];
const skip = missing.length ? `skipped: ${missing.join('; ')}` : false;
if (skip) console.warn(`cluster test ${skip}`);

/** @param {string} sql @param {string} [connectionString] the test server's database unless another is named */
async function onServer(sql, connectionString = BASE) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * One JSON (or multipart) call: `{ status, body }`; a refused or cut connection is status 0.
 * @param {string} base @param {string} method @param {string} path
 * @param {{ token?: string, body?: unknown, form?: FormData, headers?: Record<string, string> }} [options]
 * @returns {Promise<{ status: number, body: any }>}
 */
async function call(base, method, path, { token, body, form, headers = {} } = {}) {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    let json = {};
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: json };
  } catch {
    return { status: 0, body: {} };
  }
}

/** @param {Promise<{ status: number, body: any }>} promise @param {string} what */
async function must(promise, what) {
  const res = await promise;
  assert.ok(res.status >= 200 && res.status < 300, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Polls `read` until `done` holds of its answer, or fails after `ms` naming what never came. */
async function until(/** @type {() => Promise<any>} */ read, /** @type {(v: any) => boolean} */ done, /** @type {string} */ what, ms = 5000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${what} within ${ms} ms; last: ${JSON.stringify(last)}`);
}

describe('two instances behind deploy/nginx.conf (npm run cluster)', { skip }, () => {
  const database = `haat_cluster_${process.pid}`;
  const dir = mkdtempSync(join(tmpdir(), 'haat-cluster-'));
  /** @type {import('node:child_process').ChildProcess} */
  let cluster;
  /** @type {string} */
  let lb;
  const url = new URL(/** @type {string} */ (BASE ?? 'postgres://localhost'));
  url.pathname = `/${database}`;
  /** @type {{ url: string, pid: number }[]} */
  const instances = [];
  /** @type {string} */
  let admin;
  /** @type {{ categoryId: string, subCategoryId: string, picture: string }} */
  const shop = { categoryId: '', subCategoryId: '', picture: '' };

  before(async () => {
    await onServer(`drop database if exists ${database} with (force)`);
    await onServer(`create database ${database}`);
    cluster = spawn(process.execPath, [join(ROOT, 'scripts', 'cluster.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        CLUSTER_SIZE: '2',
        CLUSTER_PORT: String(await freePort()),
        CLUSTER_DIR: dir,
        SEED: 'none',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'error',
        RATE_LIMIT_FACTOR: '1000',
        // The cheapest argon2id cost, as the API's tests use (docs/testing.md).
        PASSWORD_HASH_MEMORY_KIB: '8',
        PASSWORD_HASH_PASSES: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (cluster.stdout) });
    lb = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('npm run cluster did not start within 120 s')), 120_000);
      cluster.once('exit', (code) => reject(new Error(`npm run cluster ended (${code}) before it started`)));
      lines.on('line', (line) => {
        console.log(line);
        const instance = /^instance \d+: (\S+) \(pid (\d+)/.exec(line);
        if (instance) instances.push({ url: /** @type {string} */ (instance[1]), pid: Number(instance[2]) });
        const ready = / at (http:\/\/\S+) \(nginx/.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve(/** @type {string} */ (ready[1]));
        }
      });
    });
    assert.equal(instances.length, 2);
    admin = (await must(call(lb, 'POST', '/api/user/login', { body: ADMIN }), 'admin login')).accesstoken;
  });

  after(async () => {
    const pid = cluster?.pid;
    if (pid && cluster.exitCode === null) {
      const ended = new Promise((r) => cluster.once('exit', r));
      process.kill(-pid, 'SIGTERM');
      // What has not stopped 10 s after SIGTERM (the script's own deadline) is killed.
      const deadline = setTimeout(() => process.kill(-pid, 'SIGKILL'), 10_000);
      await ended;
      clearTimeout(deadline);
    }
    await onServer(`drop database if exists ${database} with (force)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a picture uploaded through one instance from the other, with its cache headers', async () => {
    const [one, two] = /** @type {[{ url: string }, { url: string }]} */ (/** @type {unknown} */ (instances));
    // A 2×2 PNG: decoded, resized and stored by instance one in the shared database (FILE_STORAGE=postgres).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'p.png');
    const stored = await must(call(one.url, 'POST', '/api/file/upload', { token: admin, form }), 'upload on instance one');
    shop.picture = new URL(stored.url).pathname;
    for (const base of [two.url, lb, lb]) {
      const res = await fetch(`${base}${shop.picture}`);
      assert.equal(res.status, 200, `${base}${shop.picture}`);
      assert.equal(res.headers.get('content-type'), 'image/webp');
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.ok((await res.arrayBuffer()).byteLength > 0);
    }
  });

  it('reads a rename and a price change made on one instance from the other', async () => {
    const [one, two] = /** @type {[{ url: string }, { url: string }]} */ (/** @type {unknown} */ (instances));
    shop.categoryId = (
      await must(call(one.url, 'POST', '/api/category/add-category', { token: admin, body: { name: 'Snacks', image: shop.picture } }), 'category')
    )._id;
    shop.subCategoryId = (
      await must(
        call(one.url, 'POST', '/api/subcategory/create', { token: admin, body: { name: 'Chips', image: shop.picture, category: [shop.categoryId] } }),
        'subcategory',
      )
    )._id;
    const product = await addProduct(one.url, 'Masala Chips', 40, 10);
    const details = () => call(two.url, 'POST', '/api/product/get-product-details', { body: { productId: product._id } });
    assert.equal((await details()).body.data.name, 'Masala Chips'); // now in instance two's cache, if anywhere
    await must(
      call(one.url, 'PUT', '/api/product/update-product-details', { token: admin, body: { _id: product._id, name: 'Tangy Chips', price: 45 } }),
      'update',
    );
    await until(details, (r) => r.body.data?.name === 'Tangy Chips' && r.body.data?.price === 45, 'instance two reads the new name and price');
  });

  /** @param {string} base @param {string} name @param {number} price @param {number} stock */
  async function addProduct(base, name, price, stock) {
    const body = {
      name,
      image: [shop.picture],
      unit: 'pack',
      stock,
      price,
      discount: 0,
      hsn: '2106',
      gstRate: 5,
      description: 'Crisp.',
      category: [shop.categoryId],
      subCategory: [shop.subCategoryId],
    };
    return must(call(base, 'POST', '/api/product/create', { token: admin, body }), `product ${name}`);
  }

  /** @param {number} i */
  async function shopper(i) {
    const email = `shopper${i}@cluster.test`;
    const password = 'saffron-kettle-rain';
    await must(call(lb, 'POST', '/api/user/register', { body: { name: `Shopper ${i}`, email, password, confirmPassword: password } }), 'register');
    const token = (await must(call(lb, 'POST', '/api/user/login', { body: { email, password } }), 'login')).accesstoken;
    const address = shopperAddress(i);
    const addressId = (await must(call(lb, 'POST', '/api/address/create', { token, body: address }), 'address'))._id;
    return { token, addressId };
  }

  /**
   * One cash-on-delivery order of one unit through the balancer, as a client that keeps its
   * Idempotency-Key: no answer, 502, 503 or 504 is sent again with the same key until one comes.
   * @param {{ token: string, addressId: string }} s @param {{ _id: string, price: number }} product
   */
  async function order(s, product) {
    const key = randomUUID();
    const body = { list_items: [{ productId: product._id, quantity: 1 }], totalAmt: product.price, address: s.addressId };
    for (let attempt = 0; attempt < 50; attempt++) {
      const res = await call(lb, 'POST', '/api/order/cash-on-delivery', { token: s.token, body, headers: { 'idempotency-key': key } });
      if (![0, 502, 503, 504].includes(res.status)) return { key, ...res };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no answer for ${key}`);
  }

  /** @param {string} productId */
  const stockOf = async (productId) => (await must(call(lb, 'POST', '/api/product/get-product-details', { body: { productId } }), 'details')).stock;

  /** Orders stored with a line of the product, one per order (order_lines_order_idx). @param {string} productId */
  async function ordersOf(productId) {
    const res = await onServer(`select count(distinct order_id)::int as n from order_lines where product_id = '${productId}'`, url.toString());
    return res.rows[0].n;
  }

  it('sells a flash sale across both instances exactly: 5 in stock, 16 orders at once, 5 placed', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => shopper(i)));
    const product = await addProduct(instances[0]?.url ?? lb, 'Flash Kettle', 999, 5);
    const answers = await Promise.all(shoppers.flatMap((s) => [order(s, product), order(s, product)]));
    const placed = answers.filter((a) => a.status === 201);
    assert.equal(placed.length, 5, JSON.stringify(answers.map((a) => a.status)));
    assert.ok(
      answers.every((a) => a.status === 201 || a.status === 409),
      JSON.stringify(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.code])),
    );
    assert.equal(await stockOf(product._id), 0);
    assert.equal(await ordersOf(product._id), 5);
  });

  it("tells the admin's socket, open over WebSocket through the balancer, of orders placed on either instance", async () => {
    // The PWA's transports (pwa/src/features/realtime/realtime-connection.ts): WebSocket first.
    const socket = io(lb, { transports: ['websocket', 'polling'], tryAllTransports: true, auth: { token: admin }, reconnection: false });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      assert.equal(socket.io.engine.transport.name, 'websocket');
      /** @type {Set<string>} */
      const heard = new Set();
      socket.on('new-order', (/** @type {{ orderId: string }} */ e) => heard.add(e.orderId));
      const product = await addProduct(lb, 'Copper Lota', 300, 10);
      const s = await shopper(50);
      // Round robin: two orders through the balancer are placed on the two instances.
      const placed = [await order(s, product), await order(s, product)].map((a) => a.body.data.orderId);
      await until(
        async () => [...heard],
        (ids) => placed.every((id) => ids.includes(id)),
        'both new-order events on the admin socket',
      );
    } finally {
      socket.close();
    }
  });

  it('loses and doubles no order when an instance is killed under an order load', async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, (_, i) => shopper(100 + i)));
    const STOCK = 100;
    const product = await addProduct(lb, 'Steel Tumbler', 120, STOCK);
    const victim = /** @type {{ pid: number }} */ (instances[1]);
    let sent = 0;
    /** @type {{ key: string, status: number, body: any }[]} */
    const answers = [];
    const killed = new Promise((resolve) => {
      const check = setInterval(() => {
        if (sent < 12) return;
        clearInterval(check);
        process.kill(victim.pid, 'SIGKILL');
        resolve(undefined);
      }, 5);
    });
    await Promise.all(
      shoppers.map(async (s) => {
        for (let k = 0; k < 10; k++) {
          sent++;
          answers.push(await order(s, product));
        }
      }),
    );
    await killed;
    assert.deepEqual(
      answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.code]),
      [],
      'every order placed once its client had an answer',
    );
    const ids = new Set(answers.map((a) => a.body.data.orderId));
    assert.equal(ids.size, answers.length, 'one order per Idempotency-Key');
    assert.equal(await ordersOf(product._id), answers.length, 'every answered order stored, none twice');
    assert.equal(await stockOf(product._id), STOCK - answers.length, 'stock exact');
  });
});
