import { eq } from 'drizzle-orm';
import { users } from '../src/users/users.table.js';
import { NoticeWorker } from '../src/notices/index.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { mailsTo } from './accounts-fixtures.js';
import { waitUntil } from './wait-until.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';
import { BrowserSubscription, PushEndpoint } from './push-endpoint.js';
import { readMail } from './mail-reading.js';

describe.each(PORTABLE_DB_KINDS)('the API in Hindi and English (docs/product.md#languages) on %s', (kind) => {
  let t: TestApp;
  let pushService: PushEndpoint;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    pushService = new PushEndpoint();
    await pushService.start();
    t = await startApp(kind, { PUSH_CA_FILE: pushService.caFile, PUSH_SERVICE_HOSTS: pushService.host, PUBLIC_URL: 'https://shop.test' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await pushService.stop();
  });

  const storedLanguage = async (id: string) => (await t.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;
  const badRegister = (language?: string) => {
    const req = api(t).post('/api/user/register');
    if (language !== undefined) void req.set('Accept-Language', language);
    return req.send({ name: 'Asha', email: 'not-an-email', password: 'saffron-kettle-rain', confirmPassword: 'saffron-kettle-rain' });
  };

  it('answers an error in Hindi for hi-IN and in English without a language: the same status, code and fields', async () => {
    const hindi = await badRegister('hi-IN');
    const english = await badRegister();
    expect(english.status).toBe(400);
    expect(hindi.status).toBe(400);
    expect(english.body).toMatchObject({
      success: false,
      error: true,
      code: 'VALIDATION',
      fields: ['email'],
      message: 'email: must be a valid e-mail address',
    });
    expect(hindi.body).toEqual({ ...english.body, message: 'email: एक सही ई-मेल पता होना चाहिए' });
    expect(hindi.headers['content-language']).toBe('hi-IN');
    expect(english.headers['content-language']).toBe('en-IN');

    // A business answer with a value inside: the catalogue's word translated, the code unchanged.
    const c = await newCustomer(t);
    const missing = (language: string) =>
      api(t).delete('/api/address/disable').set(bearer(c.token)).set('Accept-Language', language).send({ _id: 'NOSUCHADDRESS' });
    const [en, hi] = [await missing('en-IN'), await missing('hi')];
    expect(hi.status).toBe(en.status);
    expect(hi.body.code).toBe(en.body.code);
    expect(en.body.message).toBe('Address not found.');
    expect(hi.body.message).toBe('पता मौजूद नहीं है।');

    const route = await api(t).get('/api/no-such-route').set('Accept-Language', 'hi-IN');
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({ code: 'NOT_FOUND', message: 'रूट GET /api/no-such-route मौजूद नहीं है।' });
  });

  it('follows the q-values of Accept-Language, and answers English for a language it does not speak', async () => {
    expect((await badRegister('en-IN;q=0.5, hi-IN;q=0.9')).body.message).toBe('email: एक सही ई-मेल पता होना चाहिए');
    expect((await badRegister('hi-IN;q=0.3, en;q=0.8')).body.message).toBe('email: must be a valid e-mail address');
    expect((await badRegister('hi;q=0, fr')).body.message).toBe('email: must be a valid e-mail address');
    expect((await badRegister('fr-FR, de;q=0.9')).body.message).toBe('email: must be a valid e-mail address');
    expect((await badRegister('ta-IN, hi;q=0.5')).body.message).toBe('email: एक सही ई-मेल पता होना चाहिए');
  });

  it("mails the reset code in the request's language, and answers in it", async () => {
    const c = await newCustomer(t, 'Asha');
    const sent = await api(t).put('/api/user/forgot-password').set('Accept-Language', 'hi-IN').send({ email: c.email });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('अगर इस ई-मेल से कोई अकाउंट है, तो छह अंकों का कोड भेजा जा रहा है। कृपया अपना इनबॉक्स देखें।');
    const [raw] = await waitUntil(() => mailsTo(t, c.email), { until: (m) => m.length > 0, message: 'reset mail' });
    const mail = readMail(raw!);
    expect(mail.subject).toBe('आपका Haat पासवर्ड रीसेट कोड');
    expect(mail.text).toMatch(/^नमस्ते Asha,\n\nआपका Haat पासवर्ड रीसेट कोड \d{6} है।\nयह 10 मिनट में खत्म हो जाएगा।/);

    await api(t).put('/api/user/forgot-password').send({ email: c.email });
    const [, second] = await waitUntil(() => mailsTo(t, c.email), { until: (m) => m.length > 1, message: 'second reset mail' });
    expect(readMail(second!).subject).toBe('Your Haat password reset code');
  });

  it("stores the account's language at sign-up, follows its signed-in requests, and takes it from the profile form", async () => {
    const email = `hindi-${Date.now()}@test.local`;
    const password = 'saffron-kettle-rain';
    const reg = await api(t)
      .post('/api/user/register')
      .set('Accept-Language', 'hi-IN,en;q=0.5')
      .send({ name: 'Ravi', email, password, confirmPassword: password });
    expect(reg.status).toBe(201);
    expect(reg.body.message).toBe('अकाउंट बन गया');
    const id = reg.body.data._id as string;
    expect(await storedLanguage(id)).toBe('hi-IN');

    const token = (await api(t).post('/api/user/login').send({ email, password })).body.data.accesstoken as string;
    // No language named: nothing changes.
    expect((await api(t).get('/api/user/user-details').set(bearer(token))).body.data.language).toBe('hi-IN');
    // A read in another language (a second device, an API client) writes nothing.
    expect((await api(t).get('/api/user/user-details').set(bearer(token)).set('Accept-Language', 'en-IN')).status).toBe(200);
    expect(await storedLanguage(id)).toBe('hi-IN');
    const profile = (body: Record<string, unknown>, language?: string) => {
      const req = api(t).put('/api/user/update-user').set(bearer(token));
      return (language ? req.set('Accept-Language', language) : req).send({ name: 'Ravi', email, mobile: '9876543210', ...body });
    };
    // A write in it is the shopper acting in that language: the account follows.
    expect((await profile({}, 'en-IN')).status).toBe(200);
    await waitUntil(() => storedLanguage(id), { until: (l) => l === 'en-IN', message: 'language followed to en-IN' });

    const refused = await profile({ language: 'fr-FR' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION', fields: ['language'] });
    const saved = await profile({ language: 'hi-IN' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.language).toBe('hi-IN');
    expect(await storedLanguage(id)).toBe('hi-IN');
  });

  it("tells a shopper of their order's stages in the language stored on their account, whoever moves it", async () => {
    const shopper = await newCustomer(t);
    const phone = new BrowserSubscription(pushService.url('/push/hindi-phone'));
    // The shopper chose Hindi on their phone: their signed-in requests say so.
    const subscribed = await api(t).post('/api/push/subscribe').set(bearer(shopper.token)).set('Accept-Language', 'hi-IN').send(phone.toJSON());
    expect(subscribed.status).toBe(201);
    expect(subscribed.body.message).toBe('सूचनाएँ चालू हो गईं');
    await waitUntil(() => storedLanguage(shopper.id), { until: (l) => l === 'hi-IN', message: 'shopper language' });

    const p = await addProduct(t, admin, shop, { price: 123456, stock: 5 });
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .set('Accept-Language', 'hi-IN')
      .send({ list_items: [line(p, 1)], totalAmt: 123456, address: await addAddress(t, shopper.id) });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe('ऑर्डर प्लेस हो गया');
    const orderId = placed.body.data.orderId as string;

    // The admin's request is in English; the shopper's notice is not.
    for (const status of ['CONFIRMED', 'SHIPPED']) {
      expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).set('Accept-Language', 'en-IN').send({ orderId, status })).status).toBe(
        200,
      );
    }
    await waitUntil(() => pushService.to('/push/hindi-phone').length, { until: (n) => n >= 2, message: 'stage pushes' });
    await t.app.get(NoticeWorker).idle();
    const notices = pushService.to('/push/hindi-phone').map((d) => {
      const { tag: _tag, ...notice } = JSON.parse(phone.decrypt(d.body)) as Record<string, unknown>;
      return notice;
    });
    // The queue sends a shopper's notices side by side, so they may arrive in either order (each is shown once, by its tag).
    expect(notices).toHaveLength(2);
    expect(notices).toEqual(
      expect.arrayContaining([
        {
          title: 'ऑर्डर कन्फ़र्म हो गया',
          body: `हमने ऑर्डर ${orderId} कन्फ़र्म कर दिया है और इसे पैक कर रहे हैं।`,
          url: `https://shop.test/my-orders#order-${orderId}`,
          orderId,
        },
        { title: 'ऑर्डर शिप हो गया', body: `ऑर्डर ${orderId} आपके पास आ रहा है।`, url: `https://shop.test/my-orders#order-${orderId}`, orderId },
      ]),
    );
  });

  it("sends each admin the new-order notice in that admin's language, the total in Indian grouping", async () => {
    const adminPhone = new BrowserSubscription(pushService.url('/push/admin-hindi'));
    expect((await api(t).post('/api/push/subscribe').set(bearer(admin)).set('Accept-Language', 'hi-IN').send(adminPhone.toJSON())).status).toBe(201);
    const adminId = (await api(t).get('/api/user/user-details').set(bearer(admin))).body.data._id as string;
    await waitUntil(() => storedLanguage(adminId), { until: (l) => l === 'hi-IN', message: 'admin language' });

    const c = await newCustomer(t);
    const p = await addProduct(t, admin, shop, { price: 123456, stock: 5 });
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], totalAmt: 123456, address: await addAddress(t, c.id) });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe('Order successfully placed');
    const orderId = placed.body.data.orderId as string;
    await waitUntil(() => pushService.to('/push/admin-hindi').length, { until: (n) => n >= 1, message: 'new-order push' });
    expect(JSON.parse(adminPhone.decrypt(pushService.to('/push/admin-hindi')[0]!.body))).toMatchObject({
      title: 'नया ऑर्डर',
      body: `ऑर्डर ${orderId} · ₹1,23,456.00`,
      orderId,
    });
  });
});
