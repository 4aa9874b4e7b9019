import { eq, like, sql } from 'drizzle-orm';
import { LIMITS } from '@haat/shared/common/limits';
import { jobs } from '../src/jobs/jobs.table.js';
import { stockAlerts } from '../src/back-in-stock/stock-alerts.table.js';
import { users } from '../src/users/users.table.js';
import { NoticeWorker } from '../src/notices/index.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';
import { mailsTo, proveEmail } from './accounts-fixtures.js';
import { mailSays, readMail } from './mail-reading.js';

describe.each(DB_KINDS)('notify me and price drops on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  const notify = (token: string, body: object) => api(t).post('/api/product/notify-me').set(bearer(token)).send(body);
  const mine = async (token: string) => (await api(t).get('/api/user/notify-me').set(bearer(token))).body.data as Array<{ productId: string }>;
  const restock = (productId: string, stock: number, expectedStock: number) =>
    api(t).post('/api/product/admin/adjust-stock').set(bearer(admin)).send({ productId, stock, expectedStock });
  const settle = () => t.app.get(NoticeWorker).idle();
  /** Back in stock and price drops by push and e-mail, as the shopper turns them on in My Profile (off by default). */
  const consent = (token: string, on: boolean) => {
    const channels = { push: on, whatsapp: false, email: on };
    return api(t)
      .put('/api/user/notices')
      .set(bearer(token))
      .send({ orderUpdates: { push: true, whatsapp: false, email: true }, backInStock: channels, priceDrops: channels });
  };
  /** A shopper who asked to hear of back in stock and price drops. */
  const shopper = async (name: string) => {
    const c = await newCustomer(t, name);
    await proveEmail(t, c);
    expect((await consent(c.token, true)).status).toBe(200);
    return c;
  };
  /** A mail's subject and text as its reader sees them (mail-reading.ts). */
  const plain = (mail: string) => {
    const { subject, text } = readMail(mail);
    return `${subject}\n${text}`;
  };
  const mailsOf = async (email: string) => (await mailsTo(t, email)).map(plain);
  const told = async (email: string, what: RegExp) => (await mailsOf(email)).filter((m) => what.test(m)).length;

  it('takes a wait only on a sold-out unit, signed in, once, and lists and removes it', async () => {
    const c = await shopper('Asha');
    const inStock = await addProduct(t, admin, shop, { price: 100, stock: 3 });
    const soldOut = await addProduct(t, admin, shop, { price: 100, stock: 0 });
    expect((await api(t).post('/api/product/notify-me').send({ productId: soldOut._id })).status).toBe(401);
    const refused = await notify(c.token, { productId: inStock._id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'IN_STOCK', available: 3 });
    expect((await notify(c.token, { productId: 'no-pe' })).status).toBe(400);
    expect((await notify(c.token, { productId: 'UNKNOWN0001' })).status).toBe(404);
    const first = await notify(c.token, { productId: soldOut._id });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ created: true });
    expect((await notify(c.token, { productId: soldOut._id })).body.data).toMatchObject({ created: false });
    expect((await mine(c.token)).map((w) => w.productId)).toEqual([soldOut._id]);
    // Another shopper neither sees nor removes it.
    const other = await shopper('Ravi');
    expect(await mine(other.token)).toEqual([]);
    await api(t).post('/api/product/notify-me/remove').set(bearer(other.token)).send({ productId: soldOut._id });
    expect(await mine(c.token)).toHaveLength(1);
    expect((await api(t).post('/api/product/notify-me/remove').set(bearer(c.token)).send({ productId: soldOut._id })).status).toBe(200);
    expect(await mine(c.token)).toEqual([]);
    // The admin's count, admins only.
    await notify(c.token, { productId: soldOut._id });
    expect((await api(t).get(`/api/product/admin/notify-me/${soldOut._id}`).set(bearer(c.token))).status).toBe(403);
    const counts = await api(t).get(`/api/product/admin/notify-me/${soldOut._id}`).set(bearer(admin));
    expect(counts.body.data).toMatchObject({ waiting: 1 });
  });

  it('keeps at most the limit of waits per account', async () => {
    const c = await shopper('Meera');
    const ids: string[] = [];
    for (let i = 0; i < LIMITS.maxStockAlertsPerAccount + 1; i++) ids.push((await addProduct(t, admin, shop, { price: 10, stock: 0 }))._id);
    const rows = ids.slice(0, LIMITS.maxStockAlertsPerAccount).map((productId, i) => ({ id: `L${i}${c.id}`, userId: c.id, productId }));
    await t.db.insert(stockAlerts).values(rows);
    const over = await notify(c.token, { productId: ids.at(-1) });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'ALERT_LIMIT', limit: LIMITS.maxStockAlertsPerAccount });
    // A wait older than its days has ended and no longer counts.
    await t.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(stockAlerts.id, rows[0]!.id));
    expect((await notify(c.token, { productId: ids.at(-1) })).status).toBe(201);
  });

  it('tells every waiting shopper once per return to stock, by an admin restock and by a cancellation, and ends the wait', async () => {
    const p = await addProduct(t, admin, shop, { price: 250, stock: 0, name: 'Kashmiri Saffron' });
    const a = await shopper('Anu');
    const b = await shopper('Bela');
    const late = await shopper('Chitra');
    for (const c of [a, b, late]) expect((await notify(c.token, { productId: p._id })).status).toBe(201);
    // Chitra's wait is older than the days a wait lasts: it ended untold.
    await t.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(stockAlerts.userId, late.id));
    expect(await mine(late.token)).toEqual([]);
    expect((await restock(p._id, 2, 0)).status).toBe(200);
    await settle();
    expect(await told(a.email, /is back in stock/)).toBe(1);
    expect(await told(b.email, /is back in stock/)).toBe(1);
    expect(await told(late.email, /is back in stock/)).toBe(0);
    expect(await mine(a.token)).toEqual([]);

    // Bela buys both units, Anu waits again; Bela cancels: back on sale, Anu told once more (a new wait), Bela not.
    const addressId = await addAddress(t, b.id);
    const order = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(b.token))
      .send({ list_items: [line(p, 2)], totalAmt: 500, address: addressId });
    expect(order.status).toBe(201);
    expect((await notify(a.token, { productId: p._id })).status).toBe(201);
    expect((await api(t).post('/api/order/cancel').set(bearer(b.token)).send({ orderId: order.body.data.orderId })).status).toBe(200);
    await settle();
    expect(await told(a.email, /is back in stock/)).toBe(2);
    expect(await told(b.email, /is back in stock/)).toBe(1);
    // A second rise while in stock tells nobody.
    expect((await restock(p._id, 5, 2)).status).toBe(200);
    await settle();
    expect(await told(a.email, /is back in stock/)).toBe(2);
    const mail = (await mailsOf(a.email)).find((m) => /is back in stock/.test(m))!;
    expect(mail).toContain(`/product/Kashmiri-Saffron-${p._id}`);
  });

  it('tells a waiting shopper once when a received return puts the last units back on sale', async () => {
    const p = await addProduct(t, admin, shop, { price: 120, stock: 2, name: 'Jaggery Cubes' });
    const buyer = await shopper('Farah');
    const waiter = await shopper('Gauri');
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(buyer.token))
      .send({ list_items: [line(p, 2)], totalAmt: 240, addressId: await addAddress(t, buyer.id) });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);
    expect((await notify(waiter.token, { productId: p._id })).status).toBe(201);
    const asked = await api(t)
      .post('/api/order/return')
      .set(bearer(buyer.token))
      .send({ orderId, items: [{ productId: p._id, quantity: 1 }], reason: 'Packet torn' });
    expect(asked.status).toBe(201);
    const move = (status: string) => api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId: asked.body.data._id, status });
    expect((await move('APPROVED')).status).toBe(200);
    await settle();
    expect(await told(waiter.email, /is back in stock/)).toBe(0);
    expect((await move('RECEIVED')).status).toBe(200);
    await settle();
    expect(await told(waiter.email, /is back in stock/)).toBe(1);
    expect(await mine(waiter.token)).toEqual([]);
    // A second return of the last unit finds it in stock already: nobody is told again.
    const again = await api(t)
      .post('/api/order/return')
      .set(bearer(buyer.token))
      .send({ orderId, items: [{ productId: p._id, quantity: 1 }], reason: 'Packet torn' });
    for (const status of ['APPROVED', 'RECEIVED'])
      expect((await api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId: again.body.data._id, status })).status).toBe(200);
    await settle();
    expect(await told(waiter.email, /is back in stock/)).toBe(1);
  });

  it('tells a waiting shopper once when a store sends units back to the sold-out warehouse', async () => {
    const p = await addProduct(t, admin, shop, { price: 60, stock: 3, name: 'Kokum Syrup' });
    const c = await shopper('Hema');
    const store = await api(t)
      .post('/api/store/create')
      .set(bearer(admin))
      .send({
        name: 'Haat Indiranagar',
        address: '100 Feet Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
        servesPincodes: ['560038'],
        promiseMinutes: 10,
      });
    expect(store.status).toBe(201);
    const storeId = store.body.data.store._id as string;
    const transfer = (units: number, to: 'store' | 'warehouse') =>
      api(t).post('/api/store/transfer').set(bearer(admin)).send({ storeId, productId: p._id, units, to });
    expect((await transfer(3, 'store')).status).toBe(200);
    expect((await notify(c.token, { productId: p._id })).status).toBe(201);
    expect((await transfer(2, 'warehouse')).status).toBe(200);
    await settle();
    expect(await told(c.email, /is back in stock/)).toBe(1);
    expect((await transfer(1, 'warehouse')).status).toBe(200);
    await settle();
    expect(await told(c.email, /is back in stock/)).toBe(1);
  });

  it('takes no wait that no channel could tell: 409 NO_CHANNEL names what the account can turn on, and the choice turns it on', async () => {
    const p = await addProduct(t, admin, shop, { price: 60, stock: 0, name: 'Jaggery' });
    const c = await newCustomer(t, 'Meera');
    const refused = await notify(c.token, { productId: p._id });
    expect(refused.status).toBe(409);
    // Push on a device, and mail at its address (not proved yet); WhatsApp needs a verified mobile on a shop that sends it.
    expect(refused.body).toMatchObject({ code: 'NO_CHANNEL', channels: ['push', 'email'], emailUnverified: true });
    expect(await mine(c.token)).toEqual([]);
    const whatsapp = await notify(c.token, { productId: p._id, channels: ['whatsapp'] });
    expect(whatsapp.status).toBe(409);
    expect(whatsapp.body).toMatchObject({ code: 'CONFLICT', fields: ['channels'], channels: ['push', 'email'] });
    expect((await notify(c.token, { productId: p._id, channels: ['sms'] })).status).toBe(400);
    // The shop's own proof of the address, then the choice: e-mail turned on for back in stock with the wait.
    await proveEmail(t, c);
    expect((await notify(c.token, { productId: p._id, channels: ['email'] })).status).toBe(201);
    const notices = (await api(t).get('/api/user/notices').set(bearer(c.token))).body.data;
    expect(notices.backInStock).toEqual({ push: false, whatsapp: false, email: true });
    expect(notices.priceDrops).toEqual({ push: false, whatsapp: false, email: false });
    expect(await mine(c.token)).toMatchObject([{ productId: p._id, channels: ['email'] }]);
    // With a channel on, a later ask needs no choice.
    const other = await addProduct(t, admin, shop, { price: 65, stock: 0 });
    expect((await notify(c.token, { productId: other._id })).status).toBe(201);
    expect((await restock(p._id, 4, 0)).status).toBe(200);
    await settle();
    expect(await told(c.email, /Jaggery is back in stock/)).toBe(1);
  });

  it('tells only by a channel still on when the stock comes back, and each mail can be stopped in one click', async () => {
    const p = await addProduct(t, admin, shop, { price: 75, stock: 0, name: 'Rock Salt' });
    const quiet = await shopper('Kavya');
    const keen = await shopper('Lata');
    for (const c of [quiet, keen]) expect((await notify(c.token, { productId: p._id })).status).toBe(201);
    expect((await consent(quiet.token, false)).status).toBe(200);
    expect(await mine(quiet.token)).toMatchObject([{ productId: p._id, channels: [] }]);
    expect((await restock(p._id, 4, 0)).status).toBe(200);
    await settle();
    expect(await told(keen.email, /is back in stock/)).toBe(1);
    // Turned off since: Kavya's wait ended with the return to stock, and nothing reached her.
    expect(await told(quiet.email, /is back in stock/)).toBe(0);
    expect(await mine(quiet.token)).toEqual([]);
    const mail = (await mailsTo(t, keen.email)).find((m) => mailSays(m, /back in stock/))!;
    expect(mail).toMatch(/^List-Unsubscribe:\s+<http[^>]*t=backInStock&c=email/m);
  });

  it('mails no restock to an address its owner never proved, whatever the switch says, however often the unit comes back', async () => {
    // Someone registered with another person's address: the switch cannot be turned on (the proof first)…
    const p = await addProduct(t, admin, shop, { price: 60, stock: 0, name: 'Kokum Syrup' });
    const stranger = await newCustomer(t, 'Mallika');
    const refused = await consent(stranger.token, true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PROOF_REQUIRED', fields: ['backInStock.email', 'priceDrops.email'] });
    // …and one left on from before the rule sends nothing until the owner proves the address.
    await t.db.update(users).set({ backInStockEmail: true, priceDropsEmail: true }).where(eq(users.id, stranger.id));
    const addressId = await addAddress(t, stranger.id);
    // Notify me takes a wait only where some channel can tell it (docs/product.md#back-in-stock): an unproved address
    // is none, so the stranger's waits ride on push, and the mail switch is still on.
    const ask = () => notify(stranger.token, { productId: p._id, channels: ['push'] });
    expect((await notify(stranger.token, { productId: p._id })).body).toMatchObject({ code: 'NO_CHANNEL' });
    expect((await ask()).status).toBe(201);
    expect((await restock(p._id, 1, 0)).status).toBe(200);
    await settle();
    for (let round = 0; round < 3; round++) {
      // Buy the last unit, ask again, cancel: the unit is back on sale each time.
      const order = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(stranger.token))
        .send({ list_items: [line(p, 1)], totalAmt: 60, address: addressId });
      expect(order.status).toBe(201);
      expect((await ask()).status).toBe(201);
      expect((await api(t).post('/api/order/cancel').set(bearer(stranger.token)).send({ orderId: order.body.data.orderId })).status).toBe(200);
      await settle();
    }
    expect(await told(stranger.email, /is back in stock/)).toBe(0);
    const waits = await t.db.select({ toldAt: stockAlerts.toldAt }).from(stockAlerts).where(eq(stockAlerts.userId, stranger.id));
    expect(waits.filter((w) => w.toldAt !== null)).toHaveLength(4); // each return to stock was told, by no mail

    // Proved, the same switch mails the next return to stock.
    await proveEmail(t, stranger);
    const order = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(stranger.token))
      .send({ list_items: [line(p, 1)], totalAmt: 60, address: addressId });
    expect((await ask()).status).toBe(201);
    expect((await api(t).post('/api/order/cancel').set(bearer(stranger.token)).send({ orderId: order.body.data.orderId })).status).toBe(200);
    await settle();
    expect(await told(stranger.email, /is back in stock/)).toBe(1);
  });

  it('tells a wait for an option when that option gets stock of its own', async () => {
    const c = await shopper('Dev');
    const p = await addProduct(t, admin, shop, { price: 100, stock: 0 });
    const full = await api(t).get(`/api/product/admin/notify-me/${p._id}`).set(bearer(admin));
    expect(full.status).toBe(200);
    const saved = await api(t)
      .put('/api/product/update-product-details')
      .set(bearer(admin))
      .send({ _id: p._id, variants: [{ name: '1 kg' }, { name: '5 kg' }] });
    expect(saved.status).toBe(200);
    const variants = (saved.body.data as { variants: Array<{ _id: string; name: string }> }).variants;
    expect((await notify(c.token, { productId: p._id })).status).toBe(422);
    expect((await notify(c.token, { productId: p._id, variantId: variants[1]!._id })).status).toBe(201);
    await api(t)
      .put('/api/product/update-product-details')
      .set(bearer(admin))
      .send({
        _id: p._id,
        variants: [
          { _id: variants[0]!._id, name: '1 kg' },
          { _id: variants[1]!._id, name: '5 kg', stock: 4 },
        ],
      });
    await settle();
    expect(await told(c.email, /5 kg\) is back in stock/)).toBe(1);
  });

  it('tells a wishlist of a price drop once per drop, and marks it until seen', async () => {
    const c = await shopper('Esha');
    const p = await addProduct(t, admin, shop, { price: 1000, stock: 5, name: 'Brass Lamp' });
    expect((await api(t).post('/api/wishlist/add').set(bearer(c.token)).send({ productId: p._id })).status).toBe(200);
    const edit = (body: object) =>
      api(t)
        .put('/api/product/update-product-details')
        .set(bearer(admin))
        .send({ _id: p._id, ...body });
    expect((await edit({ description: 'Polished.' })).status).toBe(200);
    expect((await edit({ discount: 10 })).status).toBe(200); // 1000 → 900
    await settle();
    const drops = async () => (await mailsOf(c.email)).filter((m) => /on your Haat wishlist dropped/.test(m));
    expect(await drops()).toHaveLength(1);
    expect((await drops())[0]).toMatch(/₹1,000\.00 to ₹900\.00/);
    const wished = async () => (await api(t).get('/api/wishlist/get').set(bearer(c.token))).body.data[0] as { priceDrop?: { from: number; by: number } };
    expect((await wished()).priceDrop).toEqual({ from: 1000, by: 100 });
    // A rise, then a fall that stays above the last told price: no drop. A fall below it: a new drop.
    expect((await edit({ discount: 0 })).status).toBe(200);
    expect((await edit({ discount: 5 })).status).toBe(200); // 950
    await settle();
    expect(await drops()).toHaveLength(1);
    expect((await edit({ discount: 20 })).status).toBe(200); // 800
    await settle();
    expect(await drops()).toHaveLength(2);
    expect((await wished()).priceDrop).toEqual({ from: 1000, by: 200 });
    expect((await api(t).post('/api/wishlist/seen').set(bearer(c.token))).status).toBe(200);
    expect((await wished()).priceDrop).toBeUndefined();
    const keys = await t.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(like(jobs.key, `price-drop:${c.id}:%`));
    expect(keys).toHaveLength(2);
  });

  it('refuses a new wait past LIMITS.stockAlertsPerDay waits opened in a day (told ones too), until the oldest is a day old', async () => {
    const p = await addProduct(t, admin, shop, { price: 10, stock: 0 });
    const c = await newCustomer(t, 'Kavya');
    // The day so far: "buy the last unit, Notify me, cancel" an hour at a time, each wait told when the unit came back.
    const hour = 60 * 60 * 1000;
    await t.db.insert(stockAlerts).values(
      Array.from({ length: LIMITS.stockAlertsPerDay }, (_, i) => ({
        id: `DAYWAIT${String(i).padStart(4, '0')}`,
        userId: c.id,
        productId: p._id,
        createdAt: new Date(Date.now() - 23 * hour + i * 60_000),
        toldAt: new Date(Date.now() - 23 * hour + i * 60_000 + 30_000),
      })),
    );
    const over = await notify(c.token, { productId: p._id, channels: ['push'] });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await mine(c.token)).toEqual([]);
    // A day after the first of them, one more may be opened.
    await t.db
      .update(stockAlerts)
      .set({ createdAt: sql`${stockAlerts.createdAt} - interval '2 hours'` })
      .where(eq(stockAlerts.id, 'DAYWAIT0000'));
    expect((await notify(c.token, { productId: p._id, channels: ['push'] })).status).toBe(201);
  });

  it('refuses more asks an hour than a person makes from one account, with 429 and when to come back', async () => {
    // The limits at their real size, on a shop of their own (the others' sign-ups would meet the sign-up limit).
    const strict = await startApp(kind, { RATE_LIMIT_FACTOR: '1' });
    try {
      const boss = await adminToken(strict);
      const p = await addProduct(strict, boss, await openShop(strict, boss), { price: 10, stock: 0 });
      const ask = (token: string) =>
        api(strict)
          .post('/api/product/notify-me')
          .set(bearer(token))
          .send({ productId: p._id, channels: ['push'] });
      const c = await newCustomer(strict, 'Ishita');
      for (let i = 0; i < LIMITS.stockAlertsPerHour; i++) expect((await ask(c.token)).status).toBe(201);
      const over = await ask(c.token);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is not held back by it.
      expect((await ask((await newCustomer(strict, 'Jaya')).token)).status).toBe(201);
    } finally {
      await strict.close();
    }
  });
});
