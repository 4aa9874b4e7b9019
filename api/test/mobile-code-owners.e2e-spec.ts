import { sql } from 'drizzle-orm';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { MobileCodeSends } from '../src/throttle/index.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, startTwoInstances, type TestApp, type TwoInstances } from './harness.js';
import { describeWhenEnv } from './describe-when-env.js';
import { TwilioStandIn, newMobile, waitForSmsCode } from './sms-fixtures.js';
import { waitUntil } from './wait-until.js';

/**
 * Strangers' sends never keep a number's owner from signing in, a refusal says how long it really lasts, the shop's
 * budget of texts bounds them all, and a send that sent nothing costs nothing (docs/product.md#rules-and-limits). At
 * real size (RATE_LIMIT_FACTOR 1), with the counters in memory, and in Redis when REDIS_URL is set.
 */
const STORES: Array<'memory' | 'redis'> = process.env.REDIS_URL ? ['memory', 'redis'] : ['memory'];
/** The counters do not live in the database: one engine, bar the send that fails in it (docs/testing.md). */
const KIND = PORTABLE_DB_KINDS[0]!;
const DAY_S = 24 * 60 * 60;

let ipSeq = 0;
const freshIp = () => `10.${(ipSeq += 1) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

const sendFrom = (t: TestApp, ip: string, mobile: string, cookie?: string) => {
  const req = api(t).post('/api/user/login-otp').set('x-forwarded-for', ip);
  return (cookie ? req.set('cookie', cookie) : req).send({ mobile });
};

/** The owner signs in by code from `ip`: answers the browser's device cookie. */
async function ownerSignsIn(t: TestApp, ip: string, mobile: string, nth = 1): Promise<{ cookie: string; token: string }> {
  expect((await sendFrom(t, ip, mobile)).status).toBe(200);
  const res = await api(t)
    .post('/api/user/login-otp/verify')
    .set('x-forwarded-for', ip)
    .send({ mobile, otp: await waitForSmsCode(t, mobile, nth) });
  expect(res.status).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  expect(cookie).toMatch(/^haat_mobile_device=/);
  return { cookie, token: res.body.data.accesstoken };
}

describe.each(STORES)(`sign-in codes for a number's owner, counters in %s (${KIND})`, (store) => {
  let t: TestApp;
  const captured: string[] = [];
  beforeAll(async () => {
    t = await startApp(
      KIND,
      {
        RATE_LIMIT_FACTOR: '1',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: 'metrics-token-owners',
        SMS_BUDGET_PER_HOUR: '1000',
        ...(store === 'redis' ? { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `owners-${Date.now().toString(36)}` } : {}),
      },
      { write: (chunk: string) => void captured.push(chunk) },
    );
  });
  afterAll(() => t.close());

  it("strangers' sends refuse strangers, never the owner where the account signed in before (that address, or that browser elsewhere)", async () => {
    const m = newMobile().e164;
    const home = freshIp();
    const { cookie } = await ownerSignsIn(t, home, m);
    // Strangers from three addresses use the number's window (the owner's sign-in took one of its three).
    for (let i = 0; i < 2; i++) expect((await sendFrom(t, freshIp(), m)).status).toBe(200);
    const stranger = await sendFrom(t, freshIp(), m);
    expect(stranger.status).toBe(429);
    // The owner at home, and on the same phone on another network (the cookie), still gets codes.
    expect((await sendFrom(t, home, m)).status).toBe(200);
    expect((await sendFrom(t, freshIp(), m, cookie)).status).toBe(200);
    // …and signs in with the last one.
    const code = await waitForSmsCode(t, m, 5);
    expect((await api(t).post('/api/user/login-otp/verify').set('x-forwarded-for', home).send({ mobile: m, otp: code })).status).toBe(200);
    // A cookie made for another number is no key to this one.
    const other = newMobile().e164;
    const { cookie: otherCookie } = await ownerSignsIn(t, freshIp(), other);
    expect((await sendFrom(t, freshIp(), m, otherCookie)).status).toBe(429);
  });

  it('says in Retry-After the longest window that refuses (the day), and a refused send takes no count', async () => {
    const m = newMobile().e164;
    // Seven codes already sent today; three more fill both the ten minutes and the day.
    const sends = t.app.get<MobileCodeSends, { byNumber: RateLimiterAbstract[] }>(MobileCodeSends);
    await sends.byNumber[1]!.penalty(m, 7);
    for (let i = 0; i < 3; i++) expect((await sendFrom(t, freshIp(), m)).status).toBe(200);
    const refused = await sendFrom(t, freshIp(), m);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(DAY_S - 600);
    expect(wait).toBeLessThanOrEqual(DAY_S);
    expect(refused.body.retryAfter).toBe(wait);
    // Refusals are not sends: the day's counter still says ten.
    for (let i = 0; i < 5; i++) expect((await sendFrom(t, freshIp(), m)).status).toBe(429);
    expect((await sends.byNumber[1]!.get(m))?.consumedPoints).toBe(10);
  });

  it('gives the count back when the code could not be stored', async () => {
    const m = newMobile().e164;
    await t.db.execute(sql.raw(`alter table mobile_codes add constraint owners_test_no_codes check (mobile <> '${m}') not valid`));
    try {
      for (let i = 0; i < 4; i++) expect((await sendFrom(t, freshIp(), m)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await t.db.execute(sql.raw(`alter table mobile_codes drop constraint owners_test_no_codes`));
    }
    for (let i = 0; i < 3; i++) expect((await sendFrom(t, freshIp(), m)).status).toBe(200);
  });
});

describe(`the shop's budget of texts (${KIND})`, () => {
  let t: TestApp;
  const captured: string[] = [];
  beforeAll(async () => {
    t = await startApp(
      KIND,
      { TRUST_PROXY: 'true', LOG_LEVEL: 'warn', METRICS_TOKEN: 'metrics-token-budget', SMS_BUDGET_PER_HOUR: '5' },
      { write: (chunk: string) => void captured.push(chunk) },
    );
  });
  afterAll(() => t.close());

  const near = async () => /^haat_sms_budget_near (\d)/m.exec((await api(t).get('/api/metrics').set(bearer('metrics-token-budget'))).text)?.[1];

  it('warns in the logs and the metrics from 80 % of the hour, and refuses past it with the wait until the hour frees', async () => {
    expect(await near()).toBe('0');
    // Accounts proving a number draw on the whole budget (its reserve is theirs and owners').
    const account = async () => {
      const c = await newCustomer(t, 'Budget');
      return api(t)
        .post('/api/user/mobile')
        .set(bearer(c.token))
        .set('x-forwarded-for', freshIp())
        .send({ mobile: newMobile().e164, currentPassword: c.password });
    };
    for (let i = 0; i < 3; i++) expect((await account()).status).toBe(200);
    expect(captured.join('')).not.toContain('SMS_BUDGET_PER_HOUR');
    expect((await account()).status).toBe(200);
    expect(captured.join('')).toContain("texts this hour: 4 of the shop's budget of 5 (SMS_BUDGET_PER_HOUR)");
    expect(await near()).toBe('1');
    expect((await account()).status).toBe(200);
    const refused = await account();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it("gives strangers only the budget's open share (half), and says they pressed it", async () => {
    const strict = await startApp(
      KIND,
      { TRUST_PROXY: 'true', LOG_LEVEL: 'warn', SMS_BUDGET_PER_HOUR: '5' },
      { write: (chunk: string) => void captured.push(chunk) },
    );
    try {
      for (let i = 0; i < 2; i++) expect((await sendFrom(strict, freshIp(), newMobile().e164)).status).toBe(200);
      expect((await sendFrom(strict, freshIp(), newMobile().e164)).status).toBe(429);
      expect(captured.join('')).toContain("strangers' sign-in codes reached the open share of the SMS budget (hour:all 2)");
    } finally {
      await strict.close();
    }
  });
});

describe.each(PORTABLE_DB_KINDS)('a text the SMS provider refuses costs nothing on %s', (kind) => {
  let t: TestApp;
  const twilio = new TwilioStandIn();
  beforeAll(async () => {
    const base = await twilio.start();
    t = await startApp(kind, {
      RATE_LIMIT_FACTOR: '1',
      TRUST_PROXY: 'true',
      SMS_PROVIDER: 'twilio',
      SMS_API_BASE: base,
      SMS_TWILIO_ACCOUNT_SID: 'ACtest0002',
      SMS_TWILIO_AUTH_TOKEN: 'twilio-token',
      SMS_FROM: '+15005550006',
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it('gives the count back when Twilio refuses the message, so the number is not refused for codes it never got', async () => {
    const m = newMobile().e164;
    twilio.failNext = [400, 400, 400];
    for (let i = 0; i < 3; i++) expect((await sendFrom(t, freshIp(), m)).status).toBe(200);
    await waitUntil(() => twilio.calls.filter((c) => c.form.To === m).length, { until: (n) => n === 3, message: 'three refused requests to Twilio' });
    // The counts come back just after Twilio's refusals: a refused send takes none, so asking again is harmless.
    const fourth = await waitUntil(() => sendFrom(t, freshIp(), m), { until: (r) => r.status === 200, message: 'a fourth send let through' });
    expect(fourth.status).toBe(200);
  });
});

describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], "the owner's sends across two instances", () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true', REDIS_PREFIX: `owners2-${Date.now().toString(36)}` });
  });
  afterAll(() => two.close());

  it('knows the owner on the instance that did not see the sign-in, and refuses strangers on both', async () => {
    const m = newMobile().e164;
    const home = freshIp();
    await ownerSignsIn(two.a, home, m);
    expect((await sendFrom(two.b, freshIp(), m)).status).toBe(200);
    expect((await sendFrom(two.a, freshIp(), m)).status).toBe(200);
    expect((await sendFrom(two.b, freshIp(), m)).status).toBe(429);
    expect((await sendFrom(two.b, home, m)).status).toBe(200);
  });
});
