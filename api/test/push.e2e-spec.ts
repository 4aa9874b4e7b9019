import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { pushSubscriptions } from '../src/push/push-subscriptions.table.js';
import { NoticeWorker } from '../src/notices/index.js';
import { jobs } from '../src/jobs/jobs.table.js';
import { SmsBudget } from '../src/sms/index.js';
import { users } from '../src/users/users.table.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';
import { BrowserSubscription, PushEndpoint, type PushDelivery } from './push-endpoint.js';
import { waitUntil } from './wait-until.js';

function arrived(endpoint: PushEndpoint, path: string, count = 1, ms = 8000): Promise<PushDelivery[]> {
  return waitUntil(() => endpoint.to(path), {
    until: (pushes) => pushes.length >= count,
    timeoutMs: ms,
    message: (pushes) => `${count} pushes at ${path} (${pushes?.length ?? 0} arrived)`,
  });
}

/** The VAPID header: a JWT signed by our private key, for the push service's origin, and our public key. */
async function checkVapid(delivery: PushDelivery, publicKey: string, origin: string): Promise<void> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(delivery.headers.authorization));
  expect(match?.[2]).toBe(publicKey);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
  });
  const { payload } = await jwtVerify(match?.[1] as string, key, { algorithms: ['ES256'] });
  expect(payload.aud).toBe(origin);
  expect(payload.sub).toBe('mailto:support@haat.local');
}

/** Tries 200 ms, 400 ms, 800 ms apart, given up 2.5 s after the notice was queued: four tries (a fifth would be at 3 s). */
const QUICK_RETRIES = { NOTICE_RETRY_BASE_MS: '200', NOTICE_GIVE_UP_AFTER_MS: '2500' };

describe.each(PORTABLE_DB_KINDS)('web push on %s', (kind) => {
  let t: TestApp;
  let pushService: PushEndpoint;
  let origin: string;
  let admin: string;
  let adminId: string;
  let shop: Shop;

  beforeAll(async () => {
    pushService = new PushEndpoint();
    origin = await pushService.start();
    t = await startApp(kind, { PUSH_CA_FILE: pushService.caFile, PUSH_SERVICE_HOSTS: pushService.host, PUBLIC_URL: 'https://shop.test', ...QUICK_RETRIES });
    admin = await adminToken(t);
    adminId = (await api(t).get('/api/user/user-details').set(bearer(admin))).body.data._id;
    shop = await openShop(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await pushService.stop();
  });

  async function order(price: number) {
    const c = await newCustomer(t);
    const addressId = await addAddress(t, c.id);
    const p = await addProduct(t, admin, shop, { price, stock: 5 });
    const res = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], totalAmt: price, address: addressId });
    expect(res.status).toBe(201);
    return res.body.data.orderId as string;
  }

  const subscribe = (token: string, sub: BrowserSubscription) => api(t).post('/api/push/subscribe').set(bearer(token)).send(sub.toJSON());
  const subscriptionRows = () => t.db.select().from(pushSubscriptions);

  it('gives the VAPID public key, generated once and kept in DATA_DIR', async () => {
    const a = await api(t).get('/api/push/public-key');
    expect(a.status).toBe(200);
    const key = a.body.data.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await api(t).get('/api/push/public-key')).body.data.publicKey).toBe(key);
    expect(JSON.parse(readFileSync(`${t.config.dataDir}/vapid.json`, 'utf8')).publicKey).toBe(key);
  });

  it('takes subscriptions only from signed-in users and names the bad field', async () => {
    const sub = new BrowserSubscription(pushService.url('/push/validation'));
    expect((await api(t).post('/api/push/subscribe').send(sub.toJSON())).status).toBe(401);
    const noKeys = await api(t).post('/api/push/subscribe').set(bearer(admin)).send({ endpoint: sub.endpoint });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body.fields).toContain('keys');
    const plainHttp = await api(t)
      .post('/api/push/subscribe')
      .set(bearer(admin))
      .send({ ...sub.toJSON(), endpoint: 'http://127.0.0.1/push' });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.fields).toContain('endpoint');
  });

  it("takes endpoints only at browsers' push services: no address on the shop's network, no other port, at most 10 per account", async () => {
    const c = await newCustomer(t);
    const standIn = new URL(pushService.url('/')).hostname;
    const refused = [
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      `https://${standIn}:6379/push`,
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.attacker.test/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://push.services.mozilla.com.internal/x',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(c.token, new BrowserSubscription(endpoint));
      expect({ endpoint, status: res.status, code: res.body.code, fields: res.body.fields }).toEqual({
        endpoint,
        status: 422,
        code: 'PUSH_ENDPOINT_REFUSED',
        fields: ['endpoint'],
      });
    }
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ];
    for (const endpoint of accepted)
      expect({ endpoint, status: (await subscribe(c.token, new BrowserSubscription(endpoint))).status }).toEqual({ endpoint, status: 201 });
    const mine = () => t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, c.id));
    expect((await mine()).map((r) => r.endpoint).sort()).toEqual([...accepted].sort());

    // Twelve devices, subscribed together: the account keeps its ten newest.
    const devices = Array.from({ length: 12 }, (_, i) => new BrowserSubscription(pushService.url(`/push/many-${i}`)));
    expect((await Promise.all(devices.map((d) => subscribe(c.token, d)))).map((r) => r.status)).toEqual(devices.map(() => 201));
    expect(await mine()).toHaveLength(10);
    // One more, alone: the oldest goes.
    const before = new Set((await mine()).map((r) => r.endpoint));
    const latest = new BrowserSubscription(pushService.url('/push/many-latest'));
    expect((await subscribe(c.token, latest)).status).toBe(201);
    const after = (await mine()).map((r) => r.endpoint);
    expect(after).toHaveLength(10);
    expect(after).toContain(latest.endpoint);
    expect(after.filter((e) => !before.has(e))).toEqual([latest.endpoint]);
  });

  it('drops a subscription stored before its host was refused, without sending to it', async () => {
    const stale = { id: `stale-${Date.now()}`, userId: adminId, endpoint: 'https://169.254.169.254/latest/meta-data', p256dh: 'x', auth: 'y' };
    await t.db.insert(pushSubscriptions).values(stale);
    const path = '/push/beside-the-stale-one';
    const phone = new BrowserSubscription(pushService.url(path));
    expect((await subscribe(admin, phone)).status).toBe(201);
    await order(91);
    await arrived(pushService, path);
    await waitUntil(() => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, stale.id)), {
      until: (rows) => rows.length === 0,
      message: () => 'the stale subscription deleted',
    });
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: phone.endpoint });
  });

  it('sends every admin subscription an encrypted "New order" notice that decrypts to the order id, the ₹ total and the orders page', async () => {
    const adminPhone = new BrowserSubscription(pushService.url('/push/admin-phone'));
    const adminDesktop = new BrowserSubscription(pushService.url('/push/admin-desktop'));
    const customer = await newCustomer(t);
    const customerPhone = new BrowserSubscription(pushService.url('/push/customer-phone'));
    expect((await subscribe(admin, adminPhone)).status).toBe(201);
    expect((await subscribe(admin, adminDesktop)).status).toBe(201);
    expect((await subscribe(customer.token, customerPhone)).status).toBe(201);
    // Subscribing again from the same browser replaces, never duplicates.
    expect((await subscribe(admin, adminPhone)).status).toBe(201);
    expect((await subscriptionRows()).filter((r) => r.endpoint === adminPhone.endpoint)).toHaveLength(1);

    const orderId = await order(123456.5);
    const publicKey = (await api(t).get('/api/push/public-key')).body.data.publicKey as string;
    for (const [path, browser] of [
      ['/push/admin-phone', adminPhone],
      ['/push/admin-desktop', adminDesktop],
    ] as const) {
      const [delivery] = await arrived(pushService, path);
      expect(delivery?.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(delivery?.headers.ttl)).toBeGreaterThan(0);
      await checkVapid(delivery as PushDelivery, publicKey, origin);
      expect(JSON.parse(browser.decrypt(delivery?.body as Buffer))).toEqual({
        title: 'New order',
        body: `Order ${orderId} · ₹1,23,456.50`,
        url: 'https://shop.test/dashboard/myorders',
        orderId,
        tag: `push:new-order:${orderId}`,
      });
    }
    await t.app.get(NoticeWorker).idle();
    expect(pushService.to('/push/customer-phone')).toEqual([]);
    // Another key pair cannot read it: the message really is encrypted for this browser.
    const stranger = new BrowserSubscription(pushService.url('/x'));
    expect(() => stranger.decrypt(pushService.to('/push/admin-phone')[0]?.body as Buffer)).toThrow();

    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: adminPhone.endpoint });
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: adminDesktop.endpoint });
  });

  it("tells every admin's device, in the admin's language, when strangers pressed the SMS budget, once for the hour", async () => {
    const phone = new BrowserSubscription(pushService.url('/push/admin-sms'));
    expect((await subscribe(admin, phone)).status).toBe(201);
    // What MobileCodeSends calls when strangers' sign-in codes reach the budget's open share (sms-budget.e2e-spec.ts).
    const budget = t.app.get(SmsBudget);
    const hourNow = () => new Date().toISOString().slice(0, 13);
    const startedIn = hourNow();
    await budget.strangersPressed("strangers' sign-in codes reached the open share of the SMS budget (hour:all 150)");
    await budget.strangersPressed("strangers' sign-in codes reached the open share of the SMS budget (hour:block 172.9.9.0/24 18)");
    const endedIn = hourNow();
    const [delivery] = await arrived(pushService, '/push/admin-sms');
    expect(JSON.parse(phone.decrypt(delivery?.body as Buffer))).toEqual({
      title: 'SMS budget pressed',
      body: 'Strangers asked for sign-in codes up to the open share of the SMS budget. See SMS budget.',
      url: 'https://shop.test/dashboard/sms-budget',
      tag: `push:sms-strangers:${startedIn}`,
    });
    await t.app.get(NoticeWorker).idle();
    // Pressed twice in the hour, told once (twice only if the hour turned between the two).
    expect(pushService.to('/push/admin-sms')).toHaveLength(startedIn === endedIn ? 1 : 2);
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: phone.endpoint });
  });

  it('deletes a subscription the push service answers 410 (or 404), and retries one answered 503', async () => {
    const gone = new BrowserSubscription(pushService.url('/push/gone'));
    const missing = new BrowserSubscription(pushService.url('/push/missing'));
    const flaky = new BrowserSubscription(pushService.url('/push/flaky'));
    pushService.script('/push/gone', [410]);
    pushService.script('/push/missing', [404]);
    pushService.script('/push/flaky', [503, 500]);
    for (const sub of [gone, missing, flaky]) expect((await subscribe(admin, sub)).status).toBe(201);

    const orderId = await order(99);
    await arrived(pushService, '/push/flaky', 3);
    await t.app.get(NoticeWorker).idle();
    expect(pushService.to('/push/flaky').map((d) => d.status)).toEqual([503, 500, 201]);
    expect(JSON.parse(flaky.decrypt(pushService.to('/push/flaky')[2]?.body as Buffer)).orderId).toBe(orderId);
    expect(pushService.to('/push/gone')).toHaveLength(1);
    const endpoints = (await subscriptionRows()).map((r) => r.endpoint);
    expect(endpoints).toContain(flaky.endpoint);
    expect(endpoints).not.toContain(gone.endpoint);
    expect(endpoints).not.toContain(missing.endpoint);
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: flaky.endpoint });
  });

  it('tries a notice again with doubling waits for its day (here 2.5 s), then records it failed and keeps the subscription', async () => {
    const down = new BrowserSubscription(pushService.url('/push/down'));
    pushService.script('/push/down', [503, 503, 503, 503]);
    expect((await subscribe(admin, down)).status).toBe(201);
    const worker = t.app.get(NoticeWorker);
    const failed = worker.counters.failed;

    const orderId = await order(42);
    await arrived(pushService, '/push/down', 4);
    await waitUntil(() => worker.counters.failed, { until: (n) => n > failed, timeoutMs: 8000, message: 'the notice recorded failed' });
    const tries = pushService.to('/push/down');
    expect(tries.map((d) => d.status)).toEqual([503, 503, 503, 503]);
    const gaps = tries.slice(1).map((d, i) => d.at - (tries[i] as PushDelivery).at);
    [200, 400, 800].forEach((wait, i) => expect(gaps[i]).toBeGreaterThanOrEqual(wait - 50));
    const [row] = (await t.db.select().from(jobs)).filter((r) => r.kind === 'push' && r.key.startsWith(`push:new-order:${orderId}:`));
    expect(row).toMatchObject({ state: 'failed', attempts: 4, lastError: 'push service: HTTP 503' });
    await worker.idle();
    expect(pushService.to('/push/down')).toHaveLength(4);
    expect((await subscriptionRows()).map((r) => r.endpoint)).toContain(down.endpoint);
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: down.endpoint });
  });

  it('never holds up the order: the order is answered while the push service has not yet replied', async () => {
    const slow = new BrowserSubscription(pushService.url('/push/slow'));
    pushService.hold('/push/slow');
    await subscribe(admin, slow);
    const orderId = await order(10);
    // The order is answered; its notice is still waiting at the push service.
    await waitUntil(() => pushService.heldCount('/push/slow'), { timeoutMs: 8000, message: "the order's notice held at the push service" });
    expect(pushService.heldCount('/push/slow')).toBe(1);
    expect(pushService.to('/push/slow')).toEqual([]);
    pushService.release('/push/slow');
    const [delivery] = await arrived(pushService, '/push/slow');
    expect(JSON.parse(slow.decrypt(delivery?.body as Buffer)).orderId).toBe(orderId);
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: slow.endpoint });
  });

  it('unsubscribes only your own subscription', async () => {
    const mine = new BrowserSubscription(pushService.url('/push/mine'));
    await subscribe(admin, mine);
    const other = await newCustomer(t);
    const theirs = await api(t).post('/api/push/unsubscribe').set(bearer(other.token)).send({ endpoint: mine.endpoint });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.removed).toBe(false);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, mine.endpoint))).toHaveLength(1);
    const own = await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: mine.endpoint });
    expect(own.body.data.removed).toBe(true);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, adminId))).toEqual([]);
    expect((await api(t).post('/api/push/unsubscribe').send({ endpoint: mine.endpoint })).status).toBe(401);
  });

  it("an endpoint held by another account is not moved (409): a customer cannot take an admin's notices", async () => {
    const adminPhone = new BrowserSubscription(pushService.url('/push/held-by-admin'));
    expect((await subscribe(admin, adminPhone)).status).toBe(201);
    const thief = await newCustomer(t);
    const taken = await subscribe(thief.token, new BrowserSubscription(adminPhone.endpoint));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ success: false, error: true, fields: ['endpoint'] });
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, adminPhone.endpoint));
    expect(rows.map((r) => [r.userId, r.p256dh])).toEqual([[adminId, adminPhone.toJSON().keys.p256dh]]);

    const orderId = await order(77);
    const [delivery] = await arrived(pushService, '/push/held-by-admin');
    expect(JSON.parse(adminPhone.decrypt(delivery?.body as Buffer)).orderId).toBe(orderId);
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: adminPhone.endpoint });
  });

  it('new-order pushes never go to a non-admin: not to customers, nor to an admin whose account was disabled', async () => {
    const customer = await newCustomer(t);
    const customerPhone = new BrowserSubscription(pushService.url('/push/customer-only'));
    expect((await subscribe(customer.token, customerPhone)).status).toBe(201);
    const second = await newCustomer(t, 'Second Admin');
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, second.id));
    const secondToken = (await login(t, second.email, second.password)).accesstoken;
    const secondPhone = new BrowserSubscription(pushService.url('/push/disabled-admin'));
    expect((await subscribe(secondToken, secondPhone)).status).toBe(201);
    expect((await api(t).put('/api/user/admin/update-status').set(bearer(admin)).send({ _id: second.id, status: 'Suspended' })).status).toBe(200);
    const watch = new BrowserSubscription(pushService.url('/push/active-admin'));
    expect((await subscribe(admin, watch)).status).toBe(201);

    await order(55);
    await arrived(pushService, '/push/active-admin');
    await t.app.get(NoticeWorker).idle();
    expect(pushService.to('/push/customer-only')).toEqual([]);
    expect(pushService.to('/push/disabled-admin')).toEqual([]);
    await api(t).post('/api/push/unsubscribe').set(bearer(admin)).send({ endpoint: watch.endpoint });
  });
  it("tells a shopper's devices of every stage their order reaches after it was placed, and nobody else's", async () => {
    const shopper = await newCustomer(t);
    const stranger = await newCustomer(t);
    const phone = new BrowserSubscription(pushService.url('/push/shopper-phone'));
    const strangerPhone = new BrowserSubscription(pushService.url('/push/stranger-phone'));
    expect((await subscribe(shopper.token, phone)).status).toBe(201);
    expect((await subscribe(stranger.token, strangerPhone)).status).toBe(201);
    const place = async () => {
      const p = await addProduct(t, admin, shop, { price: 250, stock: 5 });
      const res = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(shopper.token))
        .send({ list_items: [line(p, 2)], totalAmt: 500, address: await addAddress(t, shopper.id) });
      expect(res.status).toBe(201);
      return res.body.data.orderId as string;
    };
    // Each carries its notice's key as `tag` (a repeat shows once on the device); the rest is what the shopper reads.
    const tagged = () => pushService.to('/push/shopper-phone').map((d) => JSON.parse(phone.decrypt(d.body)) as { tag: string });
    const notices = () => tagged().map(({ tag: _tag, ...notice }) => notice);

    const orderId = await place();
    // Placing is not a notice: the shopper is looking at the success page.
    await t.app.get(NoticeWorker).idle();
    expect(notices()).toEqual([]);
    const stages = ['CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'];
    // Each stage's notice arrives before the next stage is set, as the hours between them would have it: the queue
    // sends several at once (src/notices/notice-worker.ts), so notices sent together may arrive in any order.
    for (const [i, stage] of stages.entries()) {
      expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: stage })).status).toBe(200);
      await arrived(pushService, '/push/shopper-phone', i + 1);
    }
    expect(notices()).toEqual([
      {
        title: 'Order confirmed',
        body: `We have confirmed order ${orderId} and are packing it.`,
        url: `https://shop.test/my-orders#order-${orderId}`,
        orderId,
      },
      { title: 'Order shipped', body: `Order ${orderId} is on its way.`, url: `https://shop.test/my-orders#order-${orderId}`, orderId },
      { title: 'Out for delivery', body: `Order ${orderId} arrives today.`, url: `https://shop.test/my-orders#order-${orderId}`, orderId },
      {
        title: 'Order delivered',
        body: `Order ${orderId} was delivered. Thank you for shopping with Haat.`,
        url: `https://shop.test/my-orders#order-${orderId}`,
        orderId,
      },
    ]);

    // A return of the delivered order is told too, step by step, with what is refunded.
    const productId = (await api(t).get('/api/order/order-list').set(bearer(shopper.token))).body.data.find((o: { orderId: string }) => o.orderId === orderId)
      .product_details[0].productId;
    const asked = await api(t)
      .post('/api/order/return')
      .set(bearer(shopper.token))
      .send({ orderId, items: [{ productId, quantity: 1 }], reason: 'Too small' });
    expect(asked.status).toBe(201);
    await arrived(pushService, '/push/shopper-phone', stages.length + 1);
    expect(notices().at(-1)).toEqual({
      title: 'Return requested',
      body: `Your return for order ${orderId} is requested (₹250.00).`,
      url: `https://shop.test/my-orders#order-${orderId}`,
      orderId,
    });
    const approved = await api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId: asked.body.data._id, status: 'APPROVED' });
    expect(approved.status).toBe(200);
    await arrived(pushService, '/push/shopper-phone', stages.length + 2);
    expect(notices().at(-1)).toMatchObject({ title: 'Return approved', orderId });

    const cancelled = await place();
    expect((await api(t).post('/api/order/cancel').set(bearer(shopper.token)).send({ orderId: cancelled })).status).toBe(200);
    await arrived(pushService, '/push/shopper-phone', stages.length + 3);
    expect(notices().at(-1)).toMatchObject({ title: 'Order cancelled', body: `Order ${cancelled} was cancelled.`, orderId: cancelled });

    // Turned off on one device: the next move reaches the shopper's other device, not that one.
    const laptop = new BrowserSubscription(pushService.url('/push/shopper-laptop'));
    expect((await subscribe(shopper.token, laptop)).status).toBe(201);
    expect((await api(t).post('/api/push/unsubscribe').set(bearer(shopper.token)).send({ endpoint: phone.endpoint })).status).toBe(200);
    const later = await place();
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: later, status: 'CONFIRMED' })).status).toBe(200);
    const [onLaptop] = await arrived(pushService, '/push/shopper-laptop');
    expect(JSON.parse(laptop.decrypt(onLaptop?.body as Buffer))).toMatchObject({ title: 'Order confirmed', orderId: later });
    await t.app.get(NoticeWorker).idle();
    expect(notices()).toHaveLength(stages.length + 3);
    expect(new Set(tagged().map((n) => n.tag)).size).toBe(stages.length + 3);
    expect(pushService.to('/push/stranger-phone')).toEqual([]);
    await api(t).post('/api/push/unsubscribe').set(bearer(stranger.token)).send({ endpoint: strangerPhone.endpoint });
    await api(t).post('/api/push/unsubscribe').set(bearer(shopper.token)).send({ endpoint: laptop.endpoint });
  });
});
