import { sql } from 'drizzle-orm';
import { api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { describeWhenEnv } from './describe-when-env.js';

/**
 * A pool whose every connection is busy is not a database that is down (docs/decisions/0045-database-faults-and-races.md):
 * with the app's one connection held by a long statement, a request that waits out the pool's queue answers
 * 503 BUSY "try again" with Retry-After, signed in or not, never DATABASE_UNAVAILABLE nor a sign-out (401).
 */
describeWhenEnv(['TEST_DATABASE_URL'], 'a busy pool (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('postgres', { DATABASE_POOL_SIZE: '1' });
  });
  afterAll(() => t.close());

  it('answers 503 BUSY with Retry-After while every connection is in use, and serves again once one is free', async () => {
    const shopper = await newCustomer(t, 'Busy Pool');
    // The session is believed for a minute once seen: a fresh one asks the database in the guard, below.
    const held = t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(7)`);
    });
    const [anonymous, signedIn] = await Promise.all([
      api(t).post('/api/user/login').send({ email: 'nobody@example.com', password: 'Wrong password 1' }),
      api(t).get('/api/user/notify-me').set(bearer(shopper.token)),
    ]);
    for (const res of [anonymous, signedIn]) {
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('BUSY');
      expect(res.body.message).toMatch(/busy/i);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    await held;
    expect((await api(t).get('/api/user/notify-me').set(bearer(shopper.token))).status).toBe(200);
  }, 30_000);
});
