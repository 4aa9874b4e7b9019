import { describeWhenEnv } from './describe-when-env.js';
import { adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, stockOf } from './order-fixtures.js';

/**
 * Order placement and an admin's product saves take their row locks in one order: the stock pool
 * first, then the product's row in a mode that does not block the order lines' key checks
 * (docs/decisions/0216-one-lock-order-for-orders-and-admin-writes.md). A burst of both ends with no
 * deadlock (PostgreSQL's 40P01, answered 503 BUSY). PostgreSQL only: PGlite runs one statement at a time.
 */
describeWhenEnv(['TEST_DATABASE_URL'], 'orders beside admin product saves on postgres', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp('postgres', { HOLD_LIMIT_UNITS: '100000' });
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  it('a burst of orders and admin saves (details and stock) of the same products: no deadlock, no 5xx, stock exact', async () => {
    const shop = await openShop(t, admin);
    const products = await Promise.all([0, 1].map(() => addProduct(t, admin, shop, { price: 10, stock: 10_000 })));
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const c = await newCustomer(t, 'Asha');
        return { ...c, addressId: await addAddress(t, c.id) };
      }),
    );
    const ends = Date.now() + 10_000;
    const answers: Array<{ who: string; status: number; code?: string }> = [];
    let placed = 0;
    const shopperLoop = async (c: (typeof shoppers)[number], i: number) => {
      for (let n = 0; Date.now() < ends; n++) {
        // One-line and two-line orders, the two products in either order.
        const [a, b] = (i + n) % 2 ? products : [...products].reverse();
        const items = n % 3 === 0 ? [line(a!, 1)] : [line(a!, 1), line(b!, 1)];
        const res = await api(t)
          .post('/api/order/cash-on-delivery')
          .set(bearer(c.token))
          .send({ list_items: items, totalAmt: 10 * items.length, address: c.addressId });
        answers.push({ who: 'order', status: res.status, code: res.body.code });
        if (res.status === 201) placed += items.length;
      }
    };
    let added = 0;
    const adminLoop = async (i: number) => {
      for (let n = 0; Date.now() < ends; n++) {
        const p = products[(i + n) % 2]!;
        const body: Record<string, unknown> = { _id: p._id, description: `Crisp, batch ${i}-${n}.` };
        const current = await api(t).post('/api/product/get-product-details').send({ productId: p._id });
        // Every other save also adds ten units, saying which stock it saw.
        if (n % 2 === 0) Object.assign(body, { stock: current.body.data.stock + 10, expectedStock: current.body.data.stock });
        const res = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send(body);
        answers.push({ who: 'admin', status: res.status, code: res.body.code });
        if (res.status === 200 && n % 2 === 0) added += 10;
      }
    };
    await Promise.all([...shoppers.map(shopperLoop), ...[0, 1, 2].map(adminLoop)]);

    const tally = (who: string) => answers.filter((a) => a.who === who);
    const busy = answers.filter((a) => a.status >= 500);
    expect(tally('order').length).toBeGreaterThan(20);
    expect(tally('admin').length).toBeGreaterThan(5);
    expect(busy).toEqual([]);
    expect(tally('order').every((a) => a.status === 201)).toBe(true);
    // A save whose stock moved since it was read is told so (409); every other one went through.
    expect(tally('admin').every((a) => a.status === 200 || (a.status === 409 && a.code === 'STOCK_CHANGED'))).toBe(true);
    const left = await Promise.all(products.map((p) => stockOf(t, p._id)));
    expect(left[0]! + left[1]!).toBe(20_000 + added - placed);
  });
});
