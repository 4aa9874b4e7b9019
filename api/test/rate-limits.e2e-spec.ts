import { PORTABLE_DB_KINDS, api, startApp, type TestApp } from './harness.js';
import { describeWhenEnv } from './describe-when-env.js';
import { mailsTo, waitForMail } from './accounts-fixtures.js';

/**
 * Limits at their real size (RATE_LIMIT_FACTOR=1). Counters are in memory without REDIS_URL and in
 * Redis with it, where two instances share them. Each test speaks from its own made-up client IP
 * (X-Forwarded-For, which the server trusts only because these apps start with TRUST_PROXY=true, as behind a load balancer), so runs never share counters.
 */
const STORES: Array<'memory' | 'redis'> = process.env.REDIS_URL ? ['memory', 'redis'] : ['memory'];
/** The counters do not live in the database: one engine, PostgreSQL in CI (docs/testing.md). */
const KIND = PORTABLE_DB_KINDS[0]!;

let ipSeq = Math.floor(Math.random() * 200);
const freshIp = () => {
  ipSeq += 1;
  return `10.${ipSeq % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
};
const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.local`;

describe.each(STORES)(`rate limits with counters in %s (${KIND})`, (store) => {
  let t: TestApp;
  let twin: TestApp | null = null;
  beforeAll(async () => {
    // Two instances of one shop: one database in production, so one Redis prefix; said outright here
    // because each test instance has a database of its own.
    const shared = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `haat-test-${Math.random().toString(36).slice(2, 10)}` };
    const env = { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true', ...(store === 'redis' ? shared : {}) };
    t = await startApp(KIND, env);
    if (store === 'redis') twin = await startApp(KIND, env);
  });
  afterAll(async () => {
    await t.close();
    await twin?.close();
  });

  it('does not trust X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    const direct = await startApp(KIND, { RATE_LIMIT_FACTOR: '1' });
    try {
      const statuses: number[] = [];
      // Changing the claimed address on every try must not escape the per-IP limit.
      for (let i = 0; i < 21; i++) {
        statuses.push(
          (
            await api(direct)
              .post('/api/user/login')
              .set('x-forwarded-for', freshIp())
              .send({ email: freshEmail('spoof'), password: 'wrong-pass' })
          ).status,
        );
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('login: 20 tries per minute per IP, then 429 with a message and Retry-After; another IP is not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await api(t)
        .post('/api/user/login')
        .set('x-forwarded-for', ip)
        .send({ email: freshEmail('ip'), password: 'wrong-pass' });
      expect(res.status).toBe(400);
    }
    const limited = await api(t)
      .post('/api/user/login')
      .set('x-forwarded-for', ip)
      .send({ email: freshEmail('ip'), password: 'wrong-pass' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, error: true, code: 'RATE_LIMITED' });
    expect(limited.body.message).toMatch(/Too many attempts\. Please wait \d+ seconds? and try again\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await api(t)
      .post('/api/user/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: freshEmail('ip'), password: 'wrong-pass' });
    expect(elsewhere.status).toBe(400);
  });

  it('pincode lookups: 60 a minute per address, then 429; another address is not affected', async () => {
    const ip = freshIp();
    const lookup = (from: string) => api(t).get('/api/address/pincode/560001').set('x-forwarded-for', from);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await lookup(ip)).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
    expect((await lookup(freshIp())).status).toBe(200);
  });

  it('register, forgot-password, verify and Google sign-in are limited too', async () => {
    const cases: Array<{ name: string; limit: number; send: (ip: string, i: number) => Promise<{ status: number }> }> = [
      {
        name: 'register per IP',
        limit: 10,
        send: (ip) =>
          api(t)
            .post('/api/user/register')
            .set('x-forwarded-for', ip)
            .send({ name: 'R', email: freshEmail('reg'), password: 'p', confirmPassword: 'q' }),
      },
      {
        name: 'forgot per IP',
        limit: 10,
        send: (ip) =>
          api(t)
            .put('/api/user/forgot-password')
            .set('x-forwarded-for', ip)
            .send({ email: freshEmail('fp') }),
      },
      {
        name: 'verify per IP',
        limit: 20,
        send: (ip) =>
          api(t)
            .put('/api/user/verify-forgot-password-otp')
            .set('x-forwarded-for', ip)
            .send({ email: freshEmail('v'), otp: '000000' }),
      },
      { name: 'google-login per IP', limit: 20, send: (ip) => api(t).post('/api/user/google-login').set('x-forwarded-for', ip).send({ credential: 'x.y.z' }) },
      {
        name: 'google-register per IP',
        limit: 20,
        send: (ip) => api(t).post('/api/user/google-register').set('x-forwarded-for', ip).send({ credential: 'x.y.z' }),
      },
    ];
    for (const c of cases) {
      const ip = freshIp();
      for (let i = 0; i < c.limit; i++) expect({ case: c.name, i, status: (await c.send(ip, i)).status === 429 }).toEqual({ case: c.name, i, status: false });
      expect({ case: c.name, status: (await c.send(ip, c.limit)).status }).toEqual({ case: c.name, status: 429 });
    }
    // forgot-password per e-mail across IPs.
    const email = freshEmail('fpm');
    for (let i = 0; i < 5; i++) expect((await api(t).put('/api/user/forgot-password').set('x-forwarded-for', freshIp()).send({ email })).status).toBe(200);
    expect((await api(t).put('/api/user/forgot-password').set('x-forwarded-for', freshIp()).send({ email })).status).toBe(429);
  });

  if (store === 'redis') {
    it('two instances on one Redis share the counters', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const instance = i % 2 === 0 ? t : twin!;
        expect(
          (
            await api(instance)
              .post('/api/user/login')
              .set('x-forwarded-for', ip)
              .send({ email: freshEmail('tw'), password: 'x' })
          ).status,
        ).toBe(400);
      }
      // Each instance saw only 10 of them, yet both refuse now.
      expect(
        (
          await api(t)
            .post('/api/user/login')
            .set('x-forwarded-for', ip)
            .send({ email: freshEmail('tw'), password: 'x' })
        ).status,
      ).toBe(429);
      expect(
        (
          await api(twin!)
            .post('/api/user/login')
            .set('x-forwarded-for', ip)
            .send({ email: freshEmail('tw'), password: 'x' })
        ).status,
      ).toBe(429);
    });
  }
});

// Without Redis the shared-counter variant above is not registered; say so instead of dropping it silently.
if (!process.env.REDIS_URL) describeWhenEnv(['REDIS_URL'], `rate limits with counters in redis (${KIND})`, () => undefined);

/** Registers an account from a fresh address (register is limited per address). */
async function register(t: TestApp, tag: string): Promise<{ email: string; password: string }> {
  const email = freshEmail(tag);
  const password = `right-${Math.random().toString(36).slice(2, 10)}`;
  const res = await api(t).post('/api/user/register').set('x-forwarded-for', freshIp()).send({ name: 'Owner', email, password, confirmPassword: password });
  if (res.status !== 201) throw new Error(`register ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password };
}

const loginFrom = (t: TestApp, ip: string, email: string, password: string) =>
  api(t).post('/api/user/login').set('x-forwarded-for', ip).send({ email, password });

describe.each(STORES)(`failed sign-ins (OWASP pattern) with counters in %s (${KIND})`, (store) => {
  let t: TestApp;
  const env = { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true', ...(store === 'redis' ? { REDIS_URL: process.env.REDIS_URL! } : {}) };
  beforeAll(async () => {
    t = await startApp(KIND, env);
  });
  afterAll(() => t.close());

  it('many addresses failing for one account cannot stop its owner signing in from their own address', async () => {
    const owner = await register(t, 'owner');
    for (let i = 0; i < 15; i++) expect((await loginFrom(t, freshIp(), owner.email, 'wrong-pass')).status).toBe(400);
    const res = await loginFrom(t, freshIp(), owner.email, owner.password);
    expect(res.status).toBe(200);
    expect(res.body.data.accesstoken).toMatch(/^ey/);
  });

  it('one address still cannot guess: after 10 failures for an account even the right password waits, with Retry-After', async () => {
    const owner = await register(t, 'guess');
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) expect((await loginFrom(t, attacker, owner.email, `guess-${i}`)).status).toBe(400);
    const refused = await loginFrom(t, attacker, owner.email, owner.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: true, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60);
    // The owner, elsewhere, is not affected.
    expect((await loginFrom(t, freshIp(), owner.email, owner.password)).status).toBe(200);
  });

  it('20 wrong passwords sent at once from one address: at most 10 are checked, the rest are refused', async () => {
    const owner = await register(t, 'burst');
    const attacker = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(t, attacker, owner.email, `burst-guess-${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // Still refused afterwards, even with the right password.
    expect((await loginFrom(t, attacker, owner.email, owner.password)).status).toBe(429);
  });

  it('wrong current passwords on update-user count like sign-ins: 429 at the same limit, and no e-mail is said to be taken first', async () => {
    const owner = await register(t, 'oracle');
    const other = await register(t, 'taken');
    const home = freshIp();
    const token = (await loginFrom(t, home, owner.email, owner.password)).body.data.accesstoken as string;
    const thief = freshIp();
    const update = (currentPassword: string) =>
      api(t)
        .put('/api/user/update-user')
        .set('x-forwarded-for', thief)
        .set('authorization', `Bearer ${token}`)
        .send({ name: 'Owner', email: other.email, mobile: '+15550100', currentPassword });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await update(`oracle-guess-${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The right password is refused too from that address: the limit, not the password, answers.
    expect((await update(owner.password)).status).toBe(429);
  });

  it('e-mail-change mails: 3 an hour per account, 1 a day per address, and none carries the name the requester typed', async () => {
    const owner = await register(t, 'mailer');
    const home = freshIp();
    const token = (await loginFrom(t, home, owner.email, owner.password)).body.data.accesstoken as string;
    const change = (who: string, email: string, currentPassword: string) =>
      api(t)
        .put('/api/user/update-user')
        .set('x-forwarded-for', home)
        .set('authorization', `Bearer ${who}`)
        .send({ name: 'Win a prize at evil.test', email, mobile: '+15550100', currentPassword });
    const strangers = Array.from({ length: 30 }, (_, i) => freshEmail(`stranger${i}`));
    const statuses: number[] = [];
    for (const email of strangers) statuses.push((await change(token, email, owner.password)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual(Array(27).fill(429));
    const first = await waitForMail(t, strangers[0]!);
    expect(first).toContain('Hello,');
    expect(first).not.toContain('evil.test');
    for (const email of strangers.slice(3)) expect(await mailsTo(t, email)).toEqual([]);
    // Another account aiming at an address already mailed today: refused, nothing sent.
    const second = await register(t, 'mailer2');
    const token2 = (await loginFrom(t, freshIp(), second.email, second.password)).body.data.accesstoken as string;
    const again = await change(token2, strangers[0]!, second.password);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(60 * 60);
    expect(await mailsTo(t, strangers[0]!)).toHaveLength(1);
    // Name and mobile alone are not limited: no mail goes out.
    const plain = await api(t)
      .put('/api/user/update-user')
      .set('x-forwarded-for', home)
      .set('authorization', `Bearer ${token}`)
      .send({ name: 'Owner Again', email: owner.email, mobile: '+15550100' });
    expect(plain.status).toBe(200);
  });

  it('a successful sign-in resets the counter of that account and address; successes never count', async () => {
    const owner = await register(t, 'reset');
    const home = freshIp();
    for (let i = 0; i < 9; i++) expect((await loginFrom(t, home, owner.email, 'typo-pass')).status).toBe(400);
    expect((await loginFrom(t, home, owner.email, owner.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await loginFrom(t, home, owner.email, 'typo-pass')).status).toBe(400);
    expect((await loginFrom(t, home, owner.email, owner.password)).status).toBe(200);
    // Twelve good sign-ins in a row from another address (more than the old per-e-mail limit of 10).
    const office = freshIp();
    for (let i = 0; i < 12; i++) expect((await loginFrom(t, office, owner.email, owner.password)).status).toBe(200);
  });

  it('a spray of 102 failures in a minute: the owner is never refused for failures not theirs (a shared address, their own typo); guessers stay refused', async () => {
    // A shop of its own, so the shop-wide ceiling counts only this spray.
    const sprayed = await startApp(KIND, env);
    try {
      const owner = await register(sprayed, 'sprayed-owner');
      const home = freshIp();
      const phone = freshIp();
      expect((await loginFrom(sprayed, home, owner.email, owner.password)).status).toBe(200);
      // From the phone: a correct sign-in, then one typo the same day (that address has failed today).
      expect((await loginFrom(sprayed, phone, owner.email, owner.password)).status).toBe(200);
      expect((await loginFrom(sprayed, phone, owner.email, 'fat-finger')).status).toBe(400);

      // 6 addresses, 17 wrong passwords each: 5 at the owner's account, 12 at other e-mails.
      const strangers = Array.from({ length: 6 }, () => freshIp());
      const statuses: number[] = [];
      for (let round = 0; round < 17; round++) {
        const answers = await Promise.all(
          strangers.map((ip, i) => loginFrom(sprayed, ip, round < 5 ? owner.email : `victim-${i}-${round}@test.local`, `spray-${round}`)),
        );
        statuses.push(...answers.map((r) => r.status));
      }
      expect(statuses).toHaveLength(102);
      expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
      // The owner's typo is the first of the 100 failures a minute the ceiling lets through, so at least
      // 99 of the spray are checked (more when a round's checks overlap, as slow hashes make them).
      expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(99);

      // The ceiling is reached: a stranger who guessed at the owner's account from there is refused even with the right password.
      const stranger = await loginFrom(sprayed, strangers[0]!, owner.email, owner.password);
      expect(stranger.status).toBe(429);
      // The owner where they signed in before: let in, from the clean address and from the one with a typo today.
      expect((await loginFrom(sprayed, home, owner.email, owner.password)).status).toBe(200);
      expect((await loginFrom(sprayed, phone, owner.email, owner.password)).status).toBe(200);

      // A carrier address many phones share: a stranger fails there once, then an owner signs in from it for
      // the first time, and another owner after one typo of their own. Neither failure was theirs to pay for.
      const shared = freshIp();
      const first = await register(sprayed, 'first-time');
      const typist = await register(sprayed, 'typist');
      expect((await loginFrom(sprayed, shared, freshEmail('stranger'), 'one-guess')).status).toBe(400);
      expect((await loginFrom(sprayed, shared, first.email, first.password)).status).toBe(200);
      expect((await loginFrom(sprayed, shared, typist.email, 'typo-typo')).status).toBe(400);
      expect((await loginFrom(sprayed, shared, typist.email, typist.password)).status).toBe(200);
      // Guessing still meets its bound there: a pair's third failure, under the spray, makes it wait.
      const target = await register(sprayed, 'target');
      for (let i = 0; i < 3; i++) expect((await loginFrom(sprayed, shared, target.email, `guess-${i}`)).status).toBe(400);
      expect((await loginFrom(sprayed, shared, target.email, 'guess-3')).status).toBe(429);
    } finally {
      await sprayed.close();
    }
  }, 120_000);

  it('spraying 40 accounts from 40 addresses is slowed: past the shop-wide ceiling a pair that keeps failing is refused', async () => {
    // A shop of its own, so the ceiling counts only this spray.
    const sprayed = await startApp(KIND, env);
    try {
      const accounts = [];
      for (let i = 0; i < 40; i++) accounts.push(await register(sprayed, 'spray'));
      const addresses = accounts.map(() => freshIp());
      const guesses = ['password1', 'iloveyou1', 'qwerty123', 'welcome1', 'sunshine1'];
      let answered = 0;
      let refused = 0;
      for (const guess of guesses) {
        const round = await Promise.all(accounts.map((a, i) => loginFrom(sprayed, addresses[i]!, a.email, guess)));
        for (const res of round) {
          if (res.status === 400) answered += 1;
          else if (res.status === 429) refused += 1;
          else throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      // 200 guesses; at most the ceiling (100) plus one per address were checked.
      expect(answered).toBeLessThanOrEqual(140);
      expect(refused).toBeGreaterThanOrEqual(60);
      // An owner signing in as usual from a clean address is still let in during the spray.
      expect((await loginFrom(sprayed, freshIp(), accounts[0]!.email, accounts[0]!.password)).status).toBe(200);
    } finally {
      await sprayed.close();
    }
    // 40 sign-ups and up to 140 password checks, each a deliberate argon2 hash: ~25 s on a quiet
    // 2-core machine, over 60 s when the machine is shared (seen at load average 18).
  }, 180_000);
});
