import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, startTwoInstances, type TestApp, type TwoInstances } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';
import { baseUrl, collect, connectSocket, waitFor, type HaatSocket } from './socket-client.js';
import { describeWhenEnv } from './describe-when-env.js';

async function placeOrder(t: TestApp, token: string, addressId: string, product: { _id: string }, totalAmt: number): Promise<string> {
  const res = await api(t)
    .post('/api/order/cash-on-delivery')
    .set(bearer(token))
    .send({ list_items: [line(product, 1)], totalAmt, address: addressId });
  if (res.status !== 201) throw new Error(`order ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.orderId;
}

describe.each(PORTABLE_DB_KINDS)('realtime on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  const sockets: HaatSocket[] = [];
  const open = async (token?: string) => {
    const s = await connectSocket(baseUrl(t), token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('refuses a socket without a valid access token', async () => {
    const c = await newCustomer(t);
    await expect(connectSocket(baseUrl(t))).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(baseUrl(t), 'garbage')).rejects.toThrow(/unauthorized/);
    // A refresh token is not an access token.
    await expect(connectSocket(baseUrl(t), c.refreshToken)).rejects.toThrow(/unauthorized/);
    const ok = await open(c.token);
    expect(ok.connected).toBe(true);
    // Browsers start with long-polling before upgrading; that path goes through the same check.
    await expect(connectSocket(baseUrl(t), 'garbage', ['polling'])).rejects.toThrow(/unauthorized/);
    const polling = await connectSocket(baseUrl(t), c.token, ['polling']);
    sockets.push(polling);
    expect(polling.connected).toBe(true);
  });

  it('tells admins of each new order, and each customer only of their own orders', async () => {
    const buyer = await newCustomer(t, 'Buyer');
    const bystander = await newCustomer(t, 'Bystander');
    const addressId = await addAddress(t, buyer.id);
    const product = await addProduct(t, admin, shop, { price: 120, discount: 25, stock: 5 });

    const adminSocket = await open(admin);
    const buyerSocket = await open(buyer.token);
    const bystanderSocket = await open(bystander.token);
    const adminNew = collect(adminSocket, 'new-order');
    const buyerStatus = collect(buyerSocket, 'order-status');
    const buyerNew = collect(buyerSocket, 'new-order');
    const bystanderStatus = collect(bystanderSocket, 'order-status');

    const before = Date.now();
    const orderId = await placeOrder(t, buyer.token, addressId, product, 90);
    const event = await waitFor(adminNew, (e) => e.orderId === orderId);
    expect(event).toEqual({ orderId, totalAmt: 90, committedAt: expect.any(Number) });
    expect(event.committedAt).toBeGreaterThanOrEqual(before - 1000);
    await waitFor(buyerStatus, (e) => e.orderId === orderId && e.status === 'PLACED');

    const moved = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'SHIPPED' });
    expect(moved.status).toBe(200);
    expect(await waitFor(buyerStatus, (e) => e.status === 'SHIPPED')).toEqual({ orderId, status: 'SHIPPED', payment_status: 'CASH ON DELIVERY' });
    await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' });
    expect(await waitFor(buyerStatus, (e) => e.status === 'DELIVERED')).toMatchObject({ payment_status: 'COMPLETED' });

    // What a socket must not get is shown by a later event that it does get (docs/testing.md):
    // one socket's events come in the order they were sent. The buyer's DELIVERED came after every new-order
    // of this order was sent; the bystander's own order comes after every event of the buyer's.
    expect(buyerNew).toEqual([]);
    const bystanderOrder = await placeOrder(t, bystander.token, await addAddress(t, bystander.id), product, 90);
    await waitFor(bystanderStatus, (e) => e.orderId === bystanderOrder);
    expect(bystanderStatus).toEqual([{ orderId: bystanderOrder, status: 'PLACED', payment_status: 'CASH ON DELIVERY' }]);
  });
});

/*
 * Several instances: two API processes' worth of servers on one PostgreSQL database and one Redis.
 * Only meaningful with a real PostgreSQL server (PGlite is one process's embedded database) and a
 * Redis for the socket.io adapter, so it runs only when both are given (CI gives both) and is
 * reported as skipped, with the reason printed, otherwise.
 */
describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], 'realtime across two instances on one Redis and one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let pair: TwoInstances | undefined;
  const sockets: HaatSocket[] = [];

  beforeAll(async () => {
    pair = await startTwoInstances();
    ({ a, b } = pair);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await pair?.close();
  });

  it('delivers an order placed through instance A to an admin connected to instance B, and its status to the customer on B', async () => {
    const admin = await adminToken(a);
    const shop = await openShop(a, admin);
    const buyer = await newCustomer(a, 'Two Instances');
    const addressId = await addAddress(a, buyer.id);
    const product = await addProduct(a, admin, shop, { price: 499, discount: 10, stock: 3 });

    const adminOnB = await connectSocket(baseUrl(b), admin);
    const buyerOnB = await connectSocket(baseUrl(b), buyer.token);
    sockets.push(adminOnB, buyerOnB);
    const adminNew = collect(adminOnB, 'new-order');
    const buyerStatus = collect(buyerOnB, 'order-status');

    const orderId = await placeOrder(a, buyer.token, addressId, product, 449);
    expect(await waitFor(adminNew, (e) => e.orderId === orderId)).toMatchObject({ orderId, totalAmt: 449 });

    await api(a).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'CONFIRMED' });
    expect(await waitFor(buyerStatus, (e) => e.orderId === orderId && e.status === 'CONFIRMED')).toMatchObject({ payment_status: 'CASH ON DELIVERY' });
  });
});
