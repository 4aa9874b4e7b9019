import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { binary, pdfText } from './pdf-text.js';
import { addAddress, addProduct, line, openShop, stockOf, type Shop } from './order-fixtures.js';

/**
 * Coupons (docs/product.md#coupons): made by admins only, priced by the server, previewed before placing,
 * refused with a code when outside their window or under their minimum, and counted in the order's own
 * statement, so a crowd takes exactly the uses there are, with stock untouched by the refused orders.
 */
describe.each(DB_KINDS)('coupons on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let kurta: { _id: string };
  let shopper: { id: string; token: string };
  let address: string;
  const day = 86_400_000;
  const window = () => ({ startsAt: new Date(Date.now() - day).toISOString(), endsAt: new Date(Date.now() + day).toISOString() });

  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', RATE_LIMIT_FACTOR: '1000' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
    kurta = await addProduct(t, admin, shop, { price: 1000, stock: 1000, name: 'Cotton Kurta' });
    shopper = await newCustomer(t, 'Farah');
    address = await addAddress(t, shopper.id);
  });
  afterAll(() => t.close());

  async function coupon(body: Record<string, unknown>) {
    const res = await api(t)
      .post('/api/coupon/create')
      .set(bearer(admin))
      .send({ type: 'percent', value: 10, ...window(), ...body });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; code: string };
  }
  const order = (token: string, addressId: string, couponCode: string | undefined, totalAmt: number, quantity = 1) =>
    api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(token))
      .send({ list_items: [line(kurta, quantity)], totalAmt, addressId, ...(couponCode ? { couponCode } : {}) });
  const preview = (couponCode: string, quantity = 1) =>
    api(t)
      .post('/api/order/coupon-preview')
      .set(bearer(shopper.token))
      .send({ list_items: [line(kurta, quantity)], couponCode });

  it('only an admin makes coupons, and bad terms are a 400 naming the field', async () => {
    const body = { code: 'ADMINONLY', type: 'flat', value: 50, ...window() };
    expect((await api(t).post('/api/coupon/create').set(bearer(shopper.token)).send(body)).status).toBe(403);
    const bad = await api(t)
      .post('/api/coupon/create')
      .set(bearer(admin))
      .send({ ...body, value: -5, endsAt: '2020-01-01T00:00:00Z' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['value', 'endsAt']));
    await coupon({ code: 'twice' });
    const again = await api(t)
      .post('/api/coupon/create')
      .set(bearer(admin))
      .send({ ...body, code: 'TWICE' });
    expect(again.status).toBe(409);
    expect((await api(t).get('/api/coupon/list').set(bearer(admin))).body.data.map((c: { code: string }) => c.code)).toContain('TWICE');
  });

  it('previews the discount, and refuses an unknown, expired, future or too-small use with its code', async () => {
    await coupon({ code: 'FEST15', value: 15, maxDiscount: 200, minOrder: 1500 });
    const fine = await preview('fest15', 2);
    expect(fine.status).toBe(200);
    expect(fine.body.data).toMatchObject({ subTotalAmt: 2000, discountAmt: 200, totalAmt: 1800, couponCode: 'FEST15' });
    expect((await preview('FEST15', 1)).body).toMatchObject({ code: 'COUPON_MIN_ORDER', minOrder: 1500 });
    expect((await preview('NOSUCH', 1)).body.code).toBe('COUPON_UNKNOWN');
    // Outside its dates a coupon is "not valid" to an account that has never used it, with no dates: a guess
    // finds nothing (coupon-guards tells the account that has used it).
    await coupon({ code: 'OLD', startsAt: new Date(Date.now() - 3 * day).toISOString(), endsAt: new Date(Date.now() - day).toISOString() });
    const old = await preview('OLD');
    expect([old.status, old.body.code, old.body.message]).toEqual([422, 'COUPON_UNKNOWN', 'The coupon OLD is not valid.']);
    const startsAt = new Date(Date.now() + day).toISOString();
    await coupon({ code: 'SOON', startsAt, endsAt: new Date(Date.now() + 2 * day).toISOString() });
    const soon = (await preview('SOON')).body;
    expect(soon).toMatchObject({ code: 'COUPON_UNKNOWN', message: 'The coupon SOON is not valid.' });
    expect(soon.startsAt).toBeUndefined();
    const disabled = await coupon({ code: 'GONE' });
    expect((await api(t).post('/api/coupon/disable').set(bearer(admin)).send({ _id: disabled._id })).status).toBe(200);
    expect((await preview('GONE')).body.code).toBe('COUPON_UNKNOWN');
    // An admin enables it again (the update route with only `active`), and it applies again.
    const enabled = await api(t).put('/api/coupon/update').set(bearer(admin)).send({ _id: disabled._id, active: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ code: 'GONE', active: true });
    expect((await preview('GONE')).status).toBe(200);
  });

  it('an order with a coupon keeps its code and discount, and its invoice taxes the discounted value', async () => {
    await coupon({ code: 'FLAT100', type: 'flat', value: 100 });
    const stale = await order(shopper.token, address, 'FLAT100', 1000);
    expect(stale.status).toBe(409); // the total before the discount is not what will be charged
    expect(stale.body.current).toMatchObject({ totalAmt: 900, discountAmt: 100 });
    const placed = await order(shopper.token, address, 'FLAT100', 900);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ subTotalAmt: 1000, discountAmt: 100, totalAmt: 900, couponCode: 'FLAT100' });
    const orderId = placed.body.data.orderId;
    await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' });
    const invoice = (await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).set('Accept', 'application/json')).body.data;
    expect(invoice.totals.total).toBe(900);
    expect(invoice.lines[0]).toMatchObject({ total: 900, rate: 18, taxable: 762.72, cgst: 68.64, sgst: 68.64 });
    expect(invoice.coupon).toEqual({ code: 'FLAT100', discount: 100 });
    // The PDF says it too.
    const pdf = await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).buffer(true).parse(binary);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdfText(pdf.body as Buffer)).toContain('Coupon FLAT100');
  });

  it('one use per account: a second order is refused, and a cancelled order gives its use back', async () => {
    await coupon({ code: 'ONCE', perAccountUses: 1 });
    const first = await order(shopper.token, address, 'ONCE', 900);
    expect(first.status).toBe(201);
    const second = await order(shopper.token, address, 'ONCE', 900);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'COUPON_ACCOUNT_LIMIT', limit: 1 });
    expect((await api(t).post('/api/order/cancel').set(bearer(shopper.token)).send({ orderId: first.body.data.orderId })).status).toBe(200);
    expect((await order(shopper.token, address, 'ONCE', 900)).status).toBe(201);
  });

  it('40 shoppers at once on a coupon of 20 uses: exactly 20 discounts and 20 clear refusals, stock exact', async () => {
    await coupon({ code: 'FIRST20', totalUses: 20 });
    const crowd = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const c = await newCustomer(t, `Crowd ${i}`);
        return { token: c.token, address: await addAddress(t, c.id) };
      }),
    );
    const before = await stockOf(t, kurta._id);
    const answers = await Promise.all(crowd.map((c) => order(c.token, c.address, 'FIRST20', 900)));
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(placed).toHaveLength(20);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(refused.map(() => [409, 'COUPON_USED_UP']));
    expect(await stockOf(t, kurta._id)).toBe(before - 20);
    const listed = (await api(t).get('/api/coupon/list').set(bearer(admin))).body.data.find((c: { code: string }) => c.code === 'FIRST20');
    expect(listed.used).toBe(20);
  });
});
