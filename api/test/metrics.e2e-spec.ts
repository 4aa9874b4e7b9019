import { api, bearer, DB_KINDS, newCustomer, startApp, startWithUsers, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop } from './order-fixtures.js';
import { baseUrl, connectSocket } from './socket-client.js';
import { waitUntil } from './wait-until.js';

const TOKEN = 'scrape-me-please-0123456789';

/** One sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const row of text.split('\n')) {
    if (row.startsWith('#') || !row.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(row);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe.each(DB_KINDS)('GET /api/metrics on %s', (kind) => {
  let t: TestApp, admin: string;
  beforeAll(async () => void ({ t, admin } = await startWithUsers(kind, { METRICS_TOKEN: TOKEN })));
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await api(t).get('/api/metrics').set(bearer(TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it('is for the token holder only', async () => {
    expect((await api(t).get('/api/metrics')).status).toBe(401);
    expect(
      (
        await api(t)
          .get('/api/metrics')
          .set(bearer(`${TOKEN}x`))
      ).status,
    ).toBe(401);
    // Same character count as the token, more bytes: a wrong token, not a server error.
    const multibyte = await api(t)
      .get('/api/metrics')
      .set(bearer('é'.repeat(TOKEN.length)));
    expect(multibyte.status).toBe(401);
    const wrong = await api(t).get('/api/metrics').set(bearer(admin));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error: true });
  });

  it('after a few requests, has every series an operator needs', async () => {
    const shop = await openShop(t, admin);
    const product = await addProduct(t, admin, shop, { price: 120, stock: 5 });
    for (let i = 0; i < 3; i++) expect((await api(t).post('/api/product/get').send({ page: 1, limit: 5 })).status).toBe(200);
    expect((await api(t).post('/api/product/get-product-details').send({ productId: product._id })).status).toBe(200);
    const shopper = await newCustomer(t);
    const addressId = await addAddress(t, shopper.id);
    const order = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(product, 2)], totalAmt: 240, addressId });
    expect(order.status).toBe(201);
    const socket = await connectSocket(baseUrl(t), admin);
    try {
      // The socket is counted when the server hears of it, a request when its answer has gone: poll with a deadline.
      const recorded = (text: string) =>
        sample(text, 'haat_socket_connections') === 1 &&
        sample(text, 'haat_http_request_duration_seconds_bucket', { route: '/api/order/cash-on-delivery', status: '201', le: '+Inf' }) === 1;
      const text = await waitUntil(scrape, { until: recorded, message: "the socket and the order's request in /api/metrics" });
      expect(sample(text, 'haat_http_request_duration_seconds_count', { method: 'POST', route: '/api/product/get', status: '200' })).toBe(3);
      expect(sample(text, 'haat_http_request_duration_seconds_bucket', { route: '/api/order/cash-on-delivery', status: '201', le: '+Inf' })).toBe(1);
      expect(sample(text, 'haat_http_request_duration_seconds_count', { route: '/api/metrics', status: '401' })).toBeGreaterThanOrEqual(3);
      // Ids stay out of the labels: one series per route pattern.
      expect(text).not.toContain(product._id);
      // Each pool apart: the main pool, and on PostgreSQL the named statements' (the order was one) and the searches'.
      const pools = kind === 'pglite' ? ['main'] : ['main', 'statement', 'search'];
      for (const pool of pools) {
        expect(sample(text, 'haat_db_pool_connections', { pool, state: 'in_use' })).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'haat_db_pool_connections', { pool, state: 'max' })).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'haat_db_pool_waiting_clients', { pool })).toBe(0);
      }
      if (kind !== 'pglite') expect(sample(text, 'haat_db_pool_connections', { pool: 'statement', state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'haat_read_cache_hits_total')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'haat_read_cache_misses_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'haat_orders_placed_total', { payment: 'cod' })).toBe(1);
      expect(sample(text, 'haat_notice_queue', { state: 'queued' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'haat_notice_queue', { state: 'failed' })).toBe(0);
      expect(sample(text, 'haat_socket_connections')).toBe(1);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      console.log(
        `${
          new Set(
            text
              .split('\n')
              .filter((r) => r.startsWith('# TYPE'))
              .map((r) => r.split(' ')[2]),
          ).size
        } metric families`,
      );
    } finally {
      socket.close();
    }
    // The server hears of the close when it does: poll with a deadline, not a fixed wait.
    const open = await waitUntil(async () => sample(await scrape(), 'haat_socket_connections'), {
      until: (n) => n === 0,
      intervalMs: 50,
      message: 'the closed socket counted out of haat_socket_connections',
    });
    expect(open).toBe(0);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await startApp('pglite')));
  afterAll(() => t.close());

  it('is not there (404), with or without a token', async () => {
    expect((await api(t).get('/api/metrics')).status).toBe(404);
    expect((await api(t).get('/api/metrics').set(bearer(TOKEN))).status).toBe(404);
  });
});
