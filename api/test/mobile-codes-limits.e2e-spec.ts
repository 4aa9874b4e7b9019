import { PORTABLE_DB_KINDS, api, bearer, startApp, type TestApp } from './harness.js';
import { TwilioStandIn, newMobile, waitForSmsCode } from './sms-fixtures.js';
import { waitUntil } from './wait-until.js';

describe.each(PORTABLE_DB_KINDS)('what sending sign-in codes by SMS costs a caller on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A budget whose open share lets one address ask 25 an hour: what is seen here is the address's 10 in 10 minutes.
    t = await startApp(kind, { RATE_LIMIT_FACTOR: '1', SMS_BUDGET_PER_HOUR: '2000' });
  });
  afterAll(() => t.close());

  const send = (mobile: string) => api(t).post('/api/user/login-otp').send({ mobile });

  it('sends one number 3 codes in 10 minutes, and one address 10, then answers 429 with Retry-After', async () => {
    const m = newMobile();
    for (let i = 0; i < 3; i++) expect((await send(m.e164)).status).toBe(200);
    const fourth = await send(m.typed);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('RATE_LIMITED');
    const wait = Number(fourth.headers['retry-after']);
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    expect(fourth.body.retryAfter).toBe(wait);
    // The codes already sent still work: the last one signs in.
    expect(
      (
        await api(t)
          .post('/api/user/login-otp/verify')
          .send({ mobile: m.e164, otp: await waitForSmsCode(t, m.e164, 3) })
      ).status,
    ).toBe(200);

    // The address was sent 3 codes (the refused fourth sent none, and counts for nothing); 7 more numbers get a code, the 8th does not.
    for (let i = 0; i < 7; i++) expect((await send(newMobile().e164)).status).toBe(200);
    const tooMany = await send(newMobile().e164);
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe.each(PORTABLE_DB_KINDS)('sign-in codes through Twilio on %s', (kind) => {
  let t: TestApp;
  const twilio = new TwilioStandIn();
  beforeAll(async () => {
    const base = await twilio.start();
    t = await startApp(kind, {
      SMS_PROVIDER: 'twilio',
      SMS_API_BASE: base,
      SMS_TWILIO_ACCOUNT_SID: 'ACtest0001',
      SMS_TWILIO_AUTH_TOKEN: 'twilio-token',
      SMS_FROM: '+15005550006',
      PUBLIC_URL: 'https://shop.example.in',
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it("posts the message to Twilio's Messages API, with the WebOTP line for the shop's host, and retries a 5xx", async () => {
    const m = newMobile();
    twilio.failNext = [503];
    expect((await api(t).post('/api/user/login-otp').send({ mobile: m.typed })).status).toBe(200);
    const calls = await waitUntil(() => twilio.calls.filter((c) => c.form.To === m.e164), { until: (c) => c.length === 2, message: 'two requests to Twilio' });
    for (const call of calls) {
      expect(call.path).toBe('/2010-04-01/Accounts/ACtest0001/Messages.json');
      expect(call.headers.authorization).toBe(`Basic ${Buffer.from('ACtest0001:twilio-token').toString('base64')}`);
      expect(call.form).toMatchObject({ To: m.e164, From: '+15005550006' });
    }
    const code = /\n@shop\.example\.in #(\d{6})$/.exec(calls[1]!.form.Body!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await api(t).post('/api/user/login-otp/verify').send({ mobile: m.e164, otp: code });
    expect(signedIn.status).toBe(200);
    expect((await api(t).get('/api/user/user-details').set(bearer(signedIn.body.data.accesstoken))).body.data.mobile).toBe(m.e164);
  });
});
