import { eq } from 'drizzle-orm';
import { adminOrderViews } from '../src/orders/orders.table.js';
import { users } from '../src/users/users.table.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';

/** The New Orders badge counts the orders placed since this admin last opened Manage Orders. */
describe.each(PORTABLE_DB_KINDS)('the New Orders badge on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let product: { _id: string; name: string };

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
    product = await addProduct(t, admin, shop, { price: 100, stock: 1000 });
  });
  afterAll(() => t.close());

  const badge = async (token: string) => {
    const res = await api(t).get('/api/order/admin/new-orders').set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.data as { count: number; seenAt: string | null };
  };
  const seen = (token: string) => api(t).post('/api/order/admin/new-orders/seen').set(bearer(token));

  async function placeOrders(n: number) {
    const c = await newCustomer(t, 'Asha');
    const address = await addAddress(t, c.id);
    const placed: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(c.token))
        .send({ list_items: [line(product, 1)], totalAmt: 100, address });
      expect(res.status).toBe(201);
      placed.push(res.body.data.orderId);
    }
    return { customer: c, placed };
  }

  /** A second administrator (the role is given in the database, as an operator would). */
  async function anotherAdmin() {
    const c = await newCustomer(t, 'Ravi');
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, c.id));
    return (await login(t, c.email, c.password)).accesstoken;
  }

  it('counts orders placed since the admin last opened Manage Orders, and keeps that on the server', async () => {
    await placeOrders(2);
    const first = await badge(admin);
    expect(first.seenAt).toBeNull(); // never opened: every placed order is new
    expect(first.count).toBeGreaterThanOrEqual(2);

    const opened = await seen(admin);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ success: true, error: false, data: { count: 0 } });
    expect(await badge(admin)).toEqual({ count: 0, seenAt: opened.body.data.seenAt });

    await placeOrders(3);
    // A reload asks again: the count is the server's, not a counter that started at 0 in this tab.
    expect((await badge(admin)).count).toBe(3);
    expect((await badge(admin)).count).toBe(3);

    expect((await seen(admin)).status).toBe(200);
    expect((await badge(admin)).count).toBe(0);
  });

  it('a cancelled order still counts as placed; the customer cancelling does not add one', async () => {
    expect((await seen(admin)).status).toBe(200);
    const { customer, placed } = await placeOrders(1);
    const cancel = await api(t).post('/api/order/cancel').set(bearer(customer.token)).send({ orderId: placed[0] });
    expect(cancel.status).toBe(200);
    expect((await badge(admin)).count).toBe(1);
  });

  it('each admin has their own "last opened"', async () => {
    const other = await anotherAdmin();
    expect((await seen(admin)).status).toBe(200);
    expect((await seen(other)).status).toBe(200);
    await placeOrders(2);
    expect((await seen(admin)).status).toBe(200);
    expect((await badge(admin)).count).toBe(0);
    expect((await badge(other)).count).toBe(2);
  });

  it("an admin who never opened Manage Orders is told of the orders placed since their account was made, not the shop's history", async () => {
    await placeOrders(2);
    const other = await anotherAdmin();
    expect(await badge(other)).toEqual({ count: 0, seenAt: null });
    await placeOrders(1);
    expect(await badge(other)).toEqual({ count: 1, seenAt: null });
  });

  it('is for administrators only: a shopper gets 403, nobody signed in 401, and nothing is stored', async () => {
    const shopper = await newCustomer(t, 'Mallory');
    const read = await api(t).get('/api/order/admin/new-orders').set(bearer(shopper.token));
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ success: false, error: true });
    expect((await seen(shopper.token)).status).toBe(403);
    expect((await api(t).get('/api/order/admin/new-orders')).status).toBe(401);
    expect((await api(t).post('/api/order/admin/new-orders/seen')).status).toBe(401);
    expect(await t.db.select().from(adminOrderViews).where(eq(adminOrderViews.userId, shopper.id))).toEqual([]);
  });
});
