import type { AdminOverview } from '@haat/shared/orders/overview';
import { POOL_STATS, type PoolStats } from '../src/db/database.js';
import { describeWhenEnv } from './describe-when-env.js';
import { adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop } from './order-fixtures.js';

/**
 * The overview's aggregates run on a pool of their own (docs/architecture.md#caches-batches-pools-and-plans):
 * sixteen admins' screens asking at once queue there and leave the main pool's connections to health
 * checks, carts and orders. PostgreSQL only: PGlite has one connection for everything.
 */
describeWhenEnv(['TEST_DATABASE_URL'], 'the admin overview beside the main pool on postgres', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp('postgres');
    admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const p = await addProduct(t, admin, shop, { price: 100, stock: 100 });
    const c = await newCustomer(t, 'Asha');
    const address = await addAddress(t, c.id);
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 2)], totalAmt: 200, address });
    expect(placed.status).toBe(201);
  });
  afterAll(() => t.close());

  it('16 overview calls at once: the main pool keeps its connections free, health answers, every call gets the same figures', async () => {
    const pools = t.app.get<() => PoolStats[]>(POOL_STATS);
    let mainBusiest = 0;
    let reportBusiest = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const p of pools()) {
          if (p.pool === 'main') mainBusiest = Math.max(mainBusiest, p.inUse + p.waiting);
          if (p.pool === 'report') reportBusiest = Math.max(reportBusiest, p.inUse + p.waiting);
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    const calls = Promise.all(Array.from({ length: 16 }, () => api(t).get('/api/order/admin/overview').set(bearer(admin))));
    const health = await api(t).get('/api/health');
    const answers = await calls;
    sampling = false;
    await sampler;
    expect(health.status).toBe(200);
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(200));
    const figures = answers.map((r) => JSON.stringify((r.body.data as AdminOverview).days));
    expect(new Set(figures).size).toBe(1);
    expect((answers[0]!.body.data as AdminOverview).today.orders).toBe(1);
    // The report pool did the work; the main pool held at most the health check's and the sign-in checks' connections.
    expect(reportBusiest).toBeGreaterThan(0);
    expect(mainBusiest).toBeLessThanOrEqual(3);
  });
});
