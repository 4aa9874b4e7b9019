import { eq, inArray } from 'drizzle-orm';
import { accountHolds } from '../src/inventory/inventory.table.js';
import { addresses } from '../src/addresses/addresses.table.js';
import { orderLines, orders } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, cartOf, line, openShop, putInCart, stockOf, type Shop } from './order-fixtures.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(DB_KINDS)('orders on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  /** A customer with an address, ready to order. */
  async function shopper(name = 'Asha') {
    const c = await newCustomer(t, name);
    return { ...c, addressId: await addAddress(t, c.id) };
  }

  const cod = (token: string, body: object, key?: string) => {
    const req = api(t).post('/api/order/cash-on-delivery').set(bearer(token));
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  async function placeOne(c: { token: string; addressId: string }, product: { _id: string }, quantity = 1, total?: number) {
    const res = await cod(c.token, { list_items: [line(product, quantity)], totalAmt: total ?? 100 * quantity, address: c.addressId });
    if (res.status !== 201) throw new Error(`order ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { orderId: string; totalAmt: number };
  }

  it('places a cash-on-delivery order priced by the server, copying the address and clearing only the ordered cart lines', async () => {
    const c = await shopper();
    const a = await addProduct(t, admin, shop, { price: 100, discount: 10, stock: 5 });
    const b = await addProduct(t, admin, shop, { price: 49.5, stock: 3 });
    const other = await addProduct(t, admin, shop, { price: 10, stock: 3 });
    await putInCart(t, c.id, a._id, 2);
    await putInCart(t, c.id, b._id, 1);
    await putInCart(t, c.id, other._id, 1);

    // 100 − ceil(10) = 90 × 2 = 180, plus 49.50: 229.50 (docs/product.md#rules-and-limits).
    const res = await cod(c.token, { list_items: [line(a, 2), line(b, 1)], totalAmt: 229.5, address: c.addressId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: false, message: 'Order successfully placed' });
    const order = res.body.data;
    expect(order.orderId).toMatch(/^HT[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order).toMatchObject({
      userId: c.id,
      payment_status: 'CASH ON DELIVERY',
      payment_method: 'COD',
      status: 'PLACED',
      totalAmt: 229.5,
      subTotalAmt: 229.5,
      quantity: 3,
      delivery_address: { name: 'Asha Rao', city: 'Bengaluru', pincode: '560001', postalCode: '560001', street: '12 MG Road', mobile: '9876543210' },
      product_details: [
        { productId: a._id, name: a.name, quantity: 2, price: 100, discount: 10, unitPrice: 90, subTotalAmt: 180 },
        { productId: b._id, name: b.name, quantity: 1, price: 49.5, discount: 0, unitPrice: 49.5, subTotalAmt: 49.5 },
      ],
    });
    expect(order.product_details[0].image).toEqual([`${t.config.publicUrl}/uploads/p.webp`, 'https://cdn.example.com/p.webp']);
    expect(order.statusHistory).toEqual([{ status: 'PLACED', updatedAt: expect.stringMatching(ISO) }]);
    expect(order.createdAt).toMatch(ISO);

    expect(await stockOf(t, a._id)).toBe(3);
    expect(await stockOf(t, b._id)).toBe(2);
    expect(await cartOf(t, c.id)).toEqual([{ productId: other._id, quantity: 1 }]);

    // Editing the address later does not rewrite the order's copy.
    await t.db.update(addresses).set({ city: 'Mysuru' }).where(eq(addresses.id, c.addressId));
    const list = await api(t).get('/api/order/order-list').set(bearer(c.token));
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      orderId: order.orderId,
      delivery_address: { city: 'Bengaluru' },
      statusHistory: order.statusHistory,
      product_details: order.product_details,
    });
  });

  it('lists only my own orders, newest first', async () => {
    const c = await shopper();
    const other = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 10 });
    const first = await placeOne(c, p);
    const second = await placeOne(c, p);
    await placeOne(other, p);
    const list = await api(t).get('/api/order/order-list').set(bearer(c.token));
    expect(list.body.data.map((o: { orderId: string }) => o.orderId)).toEqual([second.orderId, first.orderId]);
    expect((await api(t).get('/api/order/order-list')).status).toBe(401);
    // The profile's orderHistory lists the same order numbers (docs/product.md#records).
    const me = await api(t).get('/api/user/user-details').set(bearer(c.token));
    expect(me.body.data.orderHistory).toEqual([second.orderId, first.orderId]);
  });

  it('answers 409 with the current totals when a price changed, and creates nothing', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 200, discount: 5, stock: 4 });
    await putInCart(t, c.id, p._id, 2);
    const update = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: p._id, price: 250 });
    expect(update.status).toBe(200);

    const stale = await cod(c.token, { list_items: [line(p, 2)], totalAmt: 380, address: c.addressId });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 'PRICE_CHANGED' });
    // 250 − ceil(12.5) = 237 × 2 = 474.
    expect(stale.body.current).toMatchObject({
      totalAmt: 474,
      subTotalAmt: 474,
      itemsTotal: 500,
      product_details: [{ productId: p._id, unitPrice: 237, subTotalAmt: 474 }],
    });
    expect(await stockOf(t, p._id)).toBe(4);
    expect(await cartOf(t, c.id)).toEqual([{ productId: p._id, quantity: 2 }]);
    expect((await api(t).get('/api/order/order-list').set(bearer(c.token))).body.data).toEqual([]);

    const fresh = await cod(c.token, { list_items: [line(p, 2)], totalAmt: 474, address: c.addressId });
    expect(fresh.status).toBe(201);
  });

  it('refuses more than the stock with a 409 naming the product, and creates nothing', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 10, stock: 2, name: 'Banana Chips Family Pack' });
    const res = await cod(c.token, { list_items: [line(p, 3)], totalAmt: 30, address: c.addressId });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK', productId: p._id, available: 2 });
    expect(res.body.message).toContain('Banana Chips Family Pack');
    expect(await stockOf(t, p._id)).toBe(2);
    expect(await t.db.select().from(orders).where(eq(orders.userId, c.id))).toEqual([]);
  });

  it('names the bad field and hides what is not yours', async () => {
    const c = await shopper();
    const stranger = await shopper();
    const p = await addProduct(t, admin, shop, { price: 10, stock: 5 });
    const base = { list_items: [line(p, 1)], totalAmt: 10 };

    const noAddress = await cod(c.token, base);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.fields).toContain('addressId');
    const noItems = await cod(c.token, { ...base, list_items: [], address: c.addressId });
    expect(noItems.status).toBe(400);
    expect(noItems.body.fields).toContain('list_items');
    const badKey = await cod(c.token, { ...base, address: c.addressId }, 'x y');
    expect(badKey.status).toBe(400);
    expect(badKey.body.fields).toContain('Idempotency-Key');

    expect((await cod(c.token, { ...base, address: stranger.addressId })).status).toBe(404);
    const disabled = await addAddress(t, c.id, { status: false });
    expect((await cod(c.token, { ...base, addressId: disabled })).status).toBe(404);
    const unknown = await cod(c.token, { list_items: [{ productId: '01JUNKNOWNPRODUCT0000000000', quantity: 1 }], totalAmt: 10, address: c.addressId });
    expect(unknown.status).toBe(404);
    expect(
      (
        await api(t)
          .post('/api/order/cash-on-delivery')
          .send({ ...base, address: c.addressId })
      ).status,
    ).toBe(401);
    expect(await stockOf(t, p._id)).toBe(5);
  });

  it('answers a retried Idempotency-Key with the first order and takes the stock once, even concurrently', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 10 });
    const body = { list_items: [line(p, 2)], totalAmt: 200, address: c.addressId };

    const first = await cod(c.token, body, 'key-0001-abcdef');
    const again = await cod(c.token, body, 'key-0001-abcdef');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.orderId).toBe(first.body.data.orderId);
    expect(await stockOf(t, p._id)).toBe(8);

    const burst = await Promise.all(Array.from({ length: 6 }, () => cod(c.token, body, 'key-0002-burst')));
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(burst.map((r) => r.body.data.orderId)).size).toBe(1);
    expect(await stockOf(t, p._id)).toBe(6);

    // Keys belong to a user: another shopper's identical key is their own order.
    const other = await shopper();
    const theirs = await cod(other.token, { ...body, address: other.addressId }, 'key-0001-abcdef');
    expect(theirs.body.data.orderId).not.toBe(first.body.data.orderId);
    expect(await stockOf(t, p._id)).toBe(4);
    expect(await t.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(2);
  });

  it('lets a customer cancel only their own unfinished order, returning the stock', async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const order = await placeOne(owner, p, 3, 300);
    expect(await stockOf(t, p._id)).toBe(2);

    const theirs = await api(t).post('/api/order/cancel').set(bearer(stranger.token)).send({ orderId: order.orderId });
    expect(theirs.status).toBe(404);
    expect((await api(t).post('/api/order/cancel').set(bearer(owner.token)).send({ orderId: 'HT00000000' })).status).toBe(404);
    expect((await api(t).post('/api/order/cancel').send({ orderId: order.orderId })).status).toBe(401);
    expect(await stockOf(t, p._id)).toBe(2);

    const mine = await api(t).post('/api/order/cancel').set(bearer(owner.token)).send({ orderId: order.orderId });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ payment_status: 'CANCELLED', status: 'CANCELLED' });
    expect(mine.body.data.statusHistory.map((h: { status: string }) => h.status)).toEqual(['PLACED', 'CANCELLED']);
    expect(await stockOf(t, p._id)).toBe(5);

    const twice = await api(t).post('/api/order/cancel').set(bearer(owner.token)).send({ orderId: order.orderId });
    expect(twice.status).toBe(409);
    expect(await stockOf(t, p._id)).toBe(5);
  });

  // The stage rules (docs/product.md#states) through the API: earlier moves, then the one tried.
  it.each<[string, string[], string, number, string | null]>([
    ['confirm a placed order', [], 'CONFIRMED', 200, 'CASH ON DELIVERY'],
    ['skip ahead to shipped', [], 'SHIPPED', 200, 'CASH ON DELIVERY'],
    ['deliver completes the payment', ['CONFIRMED'], 'DELIVERED', 200, 'COMPLETED'],
    ['cancel cancels the payment', ['CONFIRMED'], 'CANCELLED', 200, 'CANCELLED'],
    ['cancel after shipping waits for the parcel', ['SHIPPED'], 'CANCELLED', 200, 'CANCELLED'],
    ['the same stage again', ['CONFIRMED'], 'CONFIRMED', 409, null],
    ['backwards', ['OUT_FOR_DELIVERY'], 'SHIPPED', 409, null],
    ['PLACED again', [], 'PLACED', 409, null],
    ['nothing after delivered', ['DELIVERED'], 'CANCELLED', 409, null],
    ['nothing after cancelled', ['CANCELLED'], 'DELIVERED', 409, null],
    // Every row has five entries: jest treats a test function with more parameters than the row as callback-style.
  ])('admin stage rule: %s', async (_name, before, next, status, payment) => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const order = await placeOne(c, p);
    for (const stage of before) {
      const moved = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: order.orderId, status: stage });
      expect(moved.status).toBe(200);
    }
    const res = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: order.orderId, status: next });
    expect(res.status).toBe(status);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    const expected = ['PLACED', ...before, ...(status === 200 ? [next] : [])];
    expect(row?.statusHistory.map((h) => h.status)).toEqual(expected);
    if (payment) expect(res.body.data.payment_status).toBe(payment);
    // Stock comes back exactly when the order ends cancelled before it shipped; once shipped, it comes back with
    // the parcel, when its return to origin is received (docs/product.md#returns).
    const shipped = before.includes('SHIPPED') || before.includes('OUT_FOR_DELIVERY');
    expect(await stockOf(t, p._id)).toBe(expected.includes('CANCELLED') && !shipped ? 5 : 4);
  });

  it('keeps the older update-status path with the same rules, and times every move', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const order = await placeOne(c, p);
    const a = await api(t).post('/api/order/update-status').set(bearer(admin)).send({ orderId: order.orderId, status: 'OUT_FOR_DELIVERY' });
    expect(a.status).toBe(200);
    const back = await api(t).post('/api/order/update-status').set(bearer(admin)).send({ orderId: order.orderId, status: 'SHIPPED' });
    expect(back.status).toBe(409);
    const bad = await api(t).post('/api/order/update-status').set(bearer(admin)).send({ orderId: order.orderId, status: 'LOST' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContain('status');
    expect((await api(t).post('/api/order/update-status').set(bearer(admin)).send({ orderId: 'HT00000000', status: 'SHIPPED' })).status).toBe(404);
    const times = a.body.data.statusHistory.map((h: { updatedAt: string }) => Date.parse(h.updatedAt));
    expect(times[1]).toBeGreaterThanOrEqual(times[0]);
    // A customer cannot cancel what was delivered.
    await api(t).post('/api/order/update-status').set(bearer(admin)).send({ orderId: order.orderId, status: 'DELIVERED' });
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: order.orderId })).status).toBe(409);
  });

  it('lists every order for admins, newest first and paginated, with the customer name and mobile', async () => {
    const c = await shopper('Vikram');
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const older = await placeOne(c, p);
    const newer = await placeOne(c, p);
    const page1 = await api(t).get('/api/order/admin/orders?page=1&limit=2').set(bearer(admin));
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((o: { orderId: string }) => o.orderId)).toEqual([newer.orderId, older.orderId]);
    expect(page1.body.data[0].userId).toEqual({ _id: c.id, name: 'Vikram', mobile: '', email: c.email });
    expect(page1.body.data[0].product_details).toHaveLength(1);
    const total = (await t.db.select().from(orders)).length;
    expect(page1.body).toMatchObject({ totalCount: total, page: 1, limit: 2, totalNoPage: Math.ceil(total / 2) });
    const page2 = await api(t).get('/api/order/admin/orders?page=2&limit=2').set(bearer(admin));
    expect(page2.body.data.map((o: { orderId: string }) => o.orderId)).not.toContain(newer.orderId);
    expect((await api(t).get('/api/order/admin/orders?limit=1000').set(bearer(admin))).status).toBe(400);
  });

  it('keeps every admin route to admins: 401 without a token, 403 for a customer', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const order = await placeOne(c, p);
    const routes = [
      () => api(t).get('/api/order/admin/orders'),
      () => api(t).post('/api/order/admin/update-status').send({ orderId: order.orderId, status: 'CONFIRMED' }),
      () => api(t).post('/api/order/update-status').send({ orderId: order.orderId, status: 'CONFIRMED' }),
    ];
    for (const route of routes) {
      expect((await route()).status).toBe(401);
      expect((await route().set(bearer('not-a-token'))).status).toBe(401);
      expect((await route().set(bearer(c.token))).status).toBe(403);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.statusHistory.map((h) => h.status)).toEqual(['PLACED']);
  });

  it('never oversells: 50 concurrent orders for a stock of 10 give exactly 10 orders and stock 0', async () => {
    const p = await addProduct(t, admin, shop, { price: 100, stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopper()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const c = shoppers[i % shoppers.length] as (typeof shoppers)[number];
        return cod(c.token, { list_items: [line(p, 1)], totalAmt: 100, address: c.addressId });
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(t, p._id)).toBe(0);
    const sold = await t.db.select().from(orderLines).where(eq(orderLines.productId, p._id));
    expect(sold.reduce((n, l) => n + l.quantity, 0)).toBe(10);
  });

  it('a flash sale clears the sold line from the winners’ carts only, and leaves their other lines', async () => {
    const p = await addProduct(t, admin, shop, { price: 10, stock: 5 });
    const q = await addProduct(t, admin, shop, { price: 10, stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    for (const c of shoppers) {
      await putInCart(t, c.id, p._id, 1);
      await putInCart(t, c.id, q._id, 2);
    }
    const results = await Promise.all(shoppers.map((c) => cod(c.token, { list_items: [line(p, 1)], totalAmt: 10, address: c.addressId })));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
    for (const [i, c] of shoppers.entries()) {
      const cart = (await cartOf(t, c.id)).sort((a, b) => (a.productId === q._id ? 1 : 0) - (b.productId === q._id ? 1 : 0));
      const kept = results[i]?.status === 201 ? [] : [{ productId: p._id, quantity: 1 }];
      expect(cart).toEqual([...kept, { productId: q._id, quantity: 2 }]);
    }
  });

  it('flash sale with mixed quantities: concurrent orders of one product sell while units last, and a refused one wanted more than was left', async () => {
    // Concurrent one-line orders of one product go through the batch statement (OrderBatcher): a
    // batch gives units first come first served, and an order past the cut that still fits is tried
    // on its own, so no order is refused while enough units for it remain.
    const p = await addProduct(t, admin, shop, { price: 10, stock: 9 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopper()));
    // Every account already holds a unit of something else, so the batches add to existing holds.
    const other = await addProduct(t, admin, shop, { price: 10, stock: 8 });
    for (const c of shoppers) expect((await cod(c.token, { list_items: [line(other, 1)], totalAmt: 10, address: c.addressId })).status).toBe(201);
    const wanted = Array.from({ length: 24 }, (_, i) => [3, 1, 2, 1][i % 4] as number);
    const results = await Promise.all(
      wanted.map((quantity, i) => {
        const c = shoppers[i % shoppers.length] as (typeof shoppers)[number];
        return cod(c.token, { list_items: [line(p, quantity)], totalAmt: 10 * quantity, address: c.addressId });
      }),
    );
    expect(results.filter((r) => r.status !== 201 && !(r.status === 409 && r.body.code === 'OUT_OF_STOCK'))).toEqual([]);
    const left = await stockOf(t, p._id);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.productId, p._id));
    const soldUnits = lines.reduce((n, l) => n + l.quantity, 0);
    expect(soldUnits + left).toBe(9);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(lines).toHaveLength(results.filter((r) => r.status === 201).length);
    const refused = wanted.filter((_, i) => results[i]?.status === 409);
    expect(refused.every((q) => q > left)).toBe(true);
    // Each account holds exactly the units of its placed orders, however the batches grouped them
    // (an account's first hold inserts its row, later ones add to it).
    const buyers = await t.db.select({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.productId, other._id));
    const userIds = (
      await t.db
        .select({ userId: orders.userId })
        .from(orders)
        .where(
          inArray(
            orders.id,
            buyers.map((b) => b.id),
          ),
        )
    ).map((o) => o.userId);
    expect(new Set(userIds).size).toBe(shoppers.length);
    const placed = await t.db.select().from(orders).where(inArray(orders.userId, userIds));
    const expected = new Map<string, number>();
    for (const o of placed) expected.set(o.userId, (expected.get(o.userId) ?? 0) + o.heldUnits);
    const held = await t.db
      .select()
      .from(accountHolds)
      .where(inArray(accountHolds.userId, [...expected.keys()]));
    expect(new Map(held.map((h) => [h.userId, h.units]))).toEqual(expected);
  });
});
