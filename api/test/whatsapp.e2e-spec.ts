import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { jobs } from '../src/jobs/jobs.table.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';
import { newMobile, waitForSmsCode } from './sms-fixtures.js';
import { waitUntil } from './wait-until.js';
import { StandIn } from './stand-in.js';

const APP_SECRET = 'whatsapp-app-secret';

/** A small local stand-in for the WhatsApp Cloud API's messages endpoint: records each request; `failNext` answers those statuses first. */
class WhatsappStandIn {
  readonly calls: Array<{
    path: string;
    headers: IncomingHttpHeaders;
    body: { to: string; template: { name: string; language: { code: string }; components: Array<{ parameters: Array<{ text: string }> }> } };
  }> = [];
  failNext: number[] = [];
  private readonly http = new StandIn(({ path, headers, body }) => {
    this.calls.push({ path, headers, body: JSON.parse(body) as WhatsappStandIn['calls'][number]['body'] });
    const status = this.failNext.shift() ?? 200;
    return { status, body: status === 200 ? { messages: [{ id: `wamid.${this.calls.length}` }] } : { error: { code: 1 } } };
  });

  start(): Promise<string> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

describe.each(PORTABLE_DB_KINDS)('order updates on WhatsApp on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  const whatsapp = new WhatsappStandIn();
  beforeAll(async () => {
    const base = await whatsapp.start();
    t = await startApp(kind, {
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: '1098765',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'haat-verify-word',
      WHATSAPP_TEMPLATE: 'order_update',
      WHATSAPP_API_BASE: base,
      // A failed send is tried again 1.5 s later: long enough for a STOP to arrive in between.
      NOTICE_RETRY_BASE_MS: '1500',
    });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await whatsapp.close();
  });

  /** A shopper with a verified mobile, opted in, and a cash order placed. */
  async function optedIn() {
    const c = await newCustomer(t, 'Kavya');
    const m = newMobile();
    await api(t).post('/api/user/mobile').set(bearer(c.token)).send({ mobile: m.e164, currentPassword: c.password });
    expect(
      (
        await api(t)
          .post('/api/user/mobile/verify')
          .set(bearer(c.token))
          .send({ mobile: m.e164, otp: await waitForSmsCode(t, m.e164) })
      ).status,
    ).toBe(200);
    const on = await api(t).put('/api/user/whatsapp').set(bearer(c.token)).send({ on: true });
    expect(on.status).toBe(200);
    expect(on.body.data.whatsapp_updates).toBe(true);
    const p = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    const address = await addAddress(t, c.id);
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], address, totalAmt: 100 });
    expect(placed.status).toBe(201);
    return { ...c, mobile: m.e164, orderId: placed.body.data.orderId as string };
  }
  const move = (orderId: string, status: string) => api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status });
  const sentTo = (mobile: string) => whatsapp.calls.filter((c) => c.body.to === mobile.slice(1));
  const signed = (payload: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
  const reply = (mobile: string, text: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ value: { messages: [{ from: mobile.slice(1), type: 'text', text: { body: text } }] } }] }],
    });
  const webhook = (payload: string, signature: string) =>
    api(t).post('/api/whatsapp/webhook').set('content-type', 'application/json').set('x-hub-signature-256', signature).send(payload);

  it('says the option exists, and takes it only for a verified mobile', async () => {
    expect((await api(t).get('/api/config/public')).body.data.whatsapp).toBe(true);
    const c = await newCustomer(t);
    const refused = await api(t).put('/api/user/whatsapp').set(bearer(c.token)).send({ on: true });
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual(['mobile']);
    // Back in stock on WhatsApp, for a number never proved: the proof is asked for, naming the switch.
    const every = { push: false, whatsapp: true, email: false };
    const notices = await api(t)
      .put('/api/user/notices')
      .set(bearer(c.token))
      .send({ orderUpdates: { push: true, whatsapp: false, email: true }, backInStock: every, priceDrops: { ...every, whatsapp: false } });
    expect(notices.status).toBe(409);
    expect(notices.body).toMatchObject({ code: 'PROOF_REQUIRED', fields: ['backInStock.whatsapp'], proof: 'mobile' });
  });

  it('sends each stage as a template message through the Cloud API, retrying a 5xx, and stops at once on a signed STOP', async () => {
    const a = await optedIn();
    whatsapp.failNext = [503];
    expect((await move(a.orderId, 'CONFIRMED')).status).toBe(200);
    const calls = await waitUntil(() => sentTo(a.mobile), { until: (c) => c.length === 2, message: 'the CONFIRMED update sent twice (a 503, then its retry)' });
    expect(calls[1]!.path).toBe('/1098765/messages');
    expect(calls[1]!.headers.authorization).toBe('Bearer wa-token');
    expect(calls[1]!.body).toMatchObject({ messaging_product: 'whatsapp', type: 'template', template: { name: 'order_update', language: { code: 'en' } } });
    expect(calls[1]!.body.template.components[0]!.parameters.map((p) => p.text)).toEqual([
      a.orderId,
      `We have confirmed order ${a.orderId} and are packing it.`,
      'Reply STOP to stop these messages.',
    ]);

    // A STOP that is not Meta's (wrong signature) changes nothing; Meta's does, at once.
    expect((await webhook(reply(a.mobile, 'STOP'), signed(reply(a.mobile, 'STOP'), 'not-the-secret'))).status).toBe(400);
    expect((await api(t).get('/api/user/user-details').set(bearer(a.token))).body.data.whatsapp_updates).toBe(true);
    expect((await webhook(reply(a.mobile, 'STOP'), signed(reply(a.mobile, 'STOP')))).status).toBe(200);
    expect((await api(t).get('/api/user/user-details').set(bearer(a.token))).body.data.whatsapp_updates).toBe(false);

    // The stopped shopper's next stage goes nowhere; another's, moved after it, is the barrier.
    const b = await optedIn();
    expect((await move(a.orderId, 'SHIPPED')).status).toBe(200);
    expect((await move(b.orderId, 'CONFIRMED')).status).toBe(200);
    await waitUntil(() => sentTo(b.mobile), { until: (c) => c.length === 1, message: "the other shopper's update" });
    expect(sentTo(a.mobile)).toHaveLength(2);

    // Stopping on the profile works the same.
    expect((await api(t).put('/api/user/whatsapp').set(bearer(b.token)).send({ on: false })).body.data.whatsapp_updates).toBe(false);
  });

  it('does not send an update already queued once its shopper said STOP', async () => {
    const c = await optedIn();
    whatsapp.failNext = [503];
    expect((await move(c.orderId, 'CONFIRMED')).status).toBe(200);
    await waitUntil(() => sentTo(c.mobile), { until: (calls) => calls.length === 1, message: 'the first try (answered 503)' });
    // The update waits to be tried again; the STOP arrives first.
    expect((await webhook(reply(c.mobile, 'STOP'), signed(reply(c.mobile, 'STOP')))).status).toBe(200);
    const key = `whatsapp:order:${c.orderId}:PLACED>CONFIRMED`;
    const row = await waitUntil(async () => (await t.db.select().from(jobs).where(eq(jobs.key, key)))[0], {
      until: (r) => r?.state === 'done',
      timeoutMs: 8000,
      message: 'the queued update taken again and settled',
    });
    expect(row?.attempts).toBe(2);
    expect(sentTo(c.mobile)).toHaveLength(1);
  });

  it("answers Meta's subscription handshake only with this shop's verify token", async () => {
    const handshake = (query: Record<string, string>) => api(t).get('/api/whatsapp/webhook').query(query);
    const ok = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'haat-verify-word', 'hub.challenge': '1158201444' });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.text).toBe('1158201444');
    const wrong = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guessed', 'hub.challenge': '1158201444' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.fields).toEqual(['hub.verify_token']);
    expect(wrong.text).not.toContain('1158201444');
    expect((await handshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'haat-verify-word', 'hub.challenge': '1' })).status).toBe(403);
    const script = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'haat-verify-word', 'hub.challenge': '<script>x</script>' });
    expect(script.status).toBe(400);
    expect(script.body.fields).toEqual(['hub.challenge']);
  });
});
