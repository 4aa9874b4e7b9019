import { eq, sql } from 'drizzle-orm';
import { jobs } from '../src/jobs/jobs.table.js';
import { adminToken, api, bearer, newCustomer, PORTABLE_DB_KINDS, startApp, type TestApp } from './harness.js';
import { newMobile, waitForSmsCode } from './sms-fixtures.js';

/**
 * Strangers cannot spend the shop's texts for everyone (docs/decisions/0280-sign-in-by-mobile-number.md): 320 code
 * requests to fresh numbers from 32 addresses (each in a network of its own, or all in one) draw only on the budget's
 * open share, bounded per address and per network block, so a new shopper elsewhere still gets a code, and the
 * number's owner on their device and an account proving a number draw on the reserve. The admin sees the use and
 * when strangers pressed it, and can raise the budget. At real size (RATE_LIMIT_FACTOR 1, the budget's 300 an hour).
 */
const KIND = PORTABLE_DB_KINDS[0]!;

let blockSeq = 0;
/** `n` addresses, each in a /24 of its own, or all in one /24. */
const addresses = (n: number, oneBlock = false) => {
  const base = (blockSeq += 1);
  return Array.from({ length: n }, (_, i) => (oneBlock ? `172.${base}.7.${i + 1}` : `172.${base}.${i + 1}.9`));
};
const fresh = () => addresses(1)[0]!;

/** The counters in memory, and in Redis (every instance's) when REDIS_URL is set. */
const STORES: Array<'memory' | 'redis'> = process.env.REDIS_URL ? ['memory', 'redis'] : ['memory'];

describe.each(STORES)(`the SMS budget against strangers, counters in %s (${KIND})`, (store) => {
  let t: TestApp;
  const captured: string[] = [];
  beforeAll(async () => {
    const redis: Record<string, string> = store === 'redis' ? { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `sms-budget-${Date.now().toString(36)}` } : {};
    t = await startApp(
      KIND,
      { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true', LOG_LEVEL: 'warn', ...redis },
      { write: (chunk: string) => void captured.push(chunk) },
    );
  });
  afterAll(() => t.close());

  const sendFrom = (ip: string, mobile: string, cookie?: string) => {
    const req = api(t).post('/api/user/login-otp').set('x-forwarded-for', ip);
    return (cookie ? req.set('cookie', cookie) : req).send({ mobile });
  };
  /** The owner signs in by code on their phone: answers its device cookie and session. */
  const ownerSignsIn = async (ip: string, mobile: string) => {
    expect((await sendFrom(ip, mobile)).status).toBe(200);
    const res = await api(t)
      .post('/api/user/login-otp/verify')
      .set('x-forwarded-for', ip)
      .send({ mobile, otp: await waitForSmsCode(t, mobile) });
    expect(res.status).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0]!, token: res.body.data.accesstoken as string };
  };
  /** 320 sends to fresh numbers, ten from each address: how many were sent. */
  const attack = async (from: string[]) => {
    let sent = 0;
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(from.map((ip) => sendFrom(ip, newMobile().e164)));
      sent += answers.filter((r) => r.status === 200).length;
      for (const r of answers) expect([200, 429]).toContain(r.status);
    }
    return sent;
  };
  const budget = async () =>
    (
      await api(t)
        .get('/api/admin/sms-budget')
        .set(bearer(await adminToken(t)))
    ).body.data;

  it('320 sends from 32 addresses leave the owner on their device, an account adding a number and a new shopper elsewhere able to get a code', async () => {
    const owner = newMobile().e164;
    const { cookie } = await ownerSignsIn(fresh(), owner);
    const shopper = await newCustomer(t, 'Budget Account');

    const spread = await attack(addresses(32));
    const oneNetwork = await attack(addresses(32, true));
    // The open share is half the budget (150 an hour); one address may take 3 of it, one network 18.
    expect(spread).toBeLessThanOrEqual(32 * 3);
    expect(oneNetwork).toBeLessThanOrEqual(18);

    expect((await sendFrom(fresh(), newMobile().e164)).status).toBe(200);
    expect((await sendFrom(fresh(), owner, cookie)).status).toBe(200);
    const added = await api(t)
      .post('/api/user/mobile')
      .set(bearer(shopper.token))
      .set('x-forwarded-for', fresh())
      .send({ mobile: newMobile().e164, currentPassword: shopper.password });
    expect(added.status).toBe(200);

    // The admin sees what was sent and that strangers pressed the open share; the logs say so too.
    const seen = await budget();
    expect(seen).toMatchObject({ perHour: 300, perDay: 2000, hour: { strangersLimit: 150 } });
    expect(seen.hour.sent).toBe(spread + oneNetwork + 4);
    expect(seen.strangersPressed.what).toMatch(/strangers' sign-in codes reached the open share of the SMS budget/);
    expect(captured.join('')).toContain("strangers' sign-in codes reached the open share");
    // …and the admins' devices hear of it by push: one notice for the hour, however often strangers pressed.
    const alerts = await t.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, 'push-admins-sms'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.key).toMatch(/^push:sms-strangers:\d{4}-\d\d-\d\dT\d\d$/);
    console.log(`320 strangers' sends from 32 networks: ${spread} sent; from one /24: ${oneNetwork} sent; budget used ${seen.hour.sent} of 300`);
  }, 120_000);

  it("the owner's device token is random, one per sign-in, and ends with the session (signing out) and with its days", async () => {
    const m = newMobile().e164;
    const home = fresh();
    const first = await ownerSignsIn(home, m);
    // A second sign-in on the same phone replaces its token: the first is no key any more.
    const res = await api(t)
      .post('/api/user/login-otp/verify')
      .set('x-forwarded-for', home)
      .set('cookie', first.cookie)
      .send({ mobile: m, otp: await (async () => (expect((await sendFrom(home, m, first.cookie)).status).toBe(200), waitForSmsCode(t, m, 2)))() });
    expect(res.status).toBe(200);
    const second = { cookie: String(res.headers['set-cookie']).split(';')[0]!, token: res.body.data.accesstoken as string };
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.cookie).toMatch(/^haat_mobile_device=[A-Za-z0-9_-]{43}$/);
    // Strangers use up the number's window (3 in 10 minutes: two sends so far); the device still gets codes.
    expect((await sendFrom(fresh(), m)).status).toBe(200);
    expect((await sendFrom(fresh(), m)).status).toBe(429);
    expect((await sendFrom(fresh(), m, first.cookie)).status).toBe(429);
    expect((await sendFrom(fresh(), m, second.cookie)).status).toBe(200);
    expect((await sendFrom(fresh(), m, 'haat_mobile_device=forged-token')).status).toBe(429);
    // Signed out on that phone: the token ended with the session.
    expect((await api(t).get('/api/user/logout').set(bearer(second.token))).status).toBe(200);
    expect((await sendFrom(fresh(), m, second.cookie)).status).toBe(429);

    // Another number's owner: past its days the token is no key either.
    const n = newMobile().e164;
    const other = await ownerSignsIn(fresh(), n);
    for (let i = 0; i < 2; i++) expect((await sendFrom(fresh(), n)).status).toBe(200);
    expect((await sendFrom(fresh(), n, other.cookie)).status).toBe(200);
    await t.db.execute(sql`update mobile_devices set expires_at = now() - interval '1 second' where mobile = ${n}`);
    expect((await sendFrom(fresh(), n, other.cookie)).status).toBe(429);
  });

  it('the admin raises the budget (every instance reads it), and only an admin may', async () => {
    const admin = await adminToken(t);
    const customer = await newCustomer(t, 'Not Admin');
    expect((await api(t).put('/api/admin/sms-budget').set(bearer(customer.token)).send({ perHour: 900, perDay: 5000 })).status).toBe(403);
    const bad = await api(t).put('/api/admin/sms-budget').set(bearer(admin)).send({ perHour: 900, perDay: 100 });
    expect([bad.status, bad.body.fields]).toEqual([400, ['perDay']]);
    const raised = await api(t).put('/api/admin/sms-budget').set(bearer(admin)).send({ perHour: 900, perDay: 5000 });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ perHour: 900, perDay: 5000, hour: { strangersLimit: 450 }, day: { strangersLimit: 2500 } });
    expect((await budget()).perHour).toBe(900);
  });
});
