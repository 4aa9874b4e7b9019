import { PORTABLE_DB_KINDS, adminToken, api, bearer, login, newCustomer, startApp, startTwoInstances, type TestApp, type TwoInstances } from './harness.js';
import { waitForCode } from './accounts-fixtures.js';
import { baseUrl, connectSocket, type HaatSocket } from './socket-client.js';
import { describeWhenEnv } from './describe-when-env.js';
import { waitUntil } from './wait-until.js';

const closes = new WeakMap<HaatSocket, Promise<string>>();

/** Connects, and starts listening for the disconnect at once (it may come before the HTTP answer). */
async function connectWatched(url: string, token: string): Promise<HaatSocket> {
  const socket = await connectSocket(url, token);
  closes.set(socket, new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason))));
  return socket;
}

/** The reason the socket was closed; fails if it stays open `ms`. */
function closedByServer(socket: HaatSocket, ms = 3000): Promise<string> {
  return Promise.race([
    closes.get(socket) ?? Promise.reject(new Error('socket not watched')),
    new Promise<string>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms).unref()),
  ]);
}

const me = (t: TestApp, token: string) => api(t).get('/api/user/user-details').set(bearer(token));

/** Forgot → mailed code → verify → reset with the token the verify answered. */
async function resetPassword(t: TestApp, email: string, newPassword: string): Promise<void> {
  expect((await api(t).put('/api/user/forgot-password').send({ email })).status).toBe(200);
  const otp = await waitForCode(t, email);
  const verified = await api(t).put('/api/user/verify-forgot-password-otp').send({ email, otp });
  expect(verified.status).toBe(200);
  const done = await api(t)
    .put('/api/user/reset-password')
    .send({ email, resetToken: verified.body.data.resetToken, newPassword, confirmPassword: newPassword });
  expect(done.status).toBe(200);
}

describe.each(PORTABLE_DB_KINDS)('sessions end at once, for HTTP and sockets, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const sockets: HaatSocket[] = [];
  const open = async (token: string) => {
    const s = await connectWatched(baseUrl(t), token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('logout: that access token is refused at once, its open socket is closed; another device stays signed in', async () => {
    const c = await newCustomer(t);
    const phone = await login(t, c.email, c.password);
    const socket = await open(c.token);
    const phoneSocket = await open(phone.accesstoken);
    expect((await me(t, c.token)).status).toBe(200);

    expect((await api(t).get('/api/user/logout').set(bearer(c.token))).status).toBe(200);
    expect(await closedByServer(socket)).toBe('io server disconnect');
    const after = await me(t, c.token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, error: true });
    await expect(connectSocket(baseUrl(t), c.token)).rejects.toThrow(/unauthorized/);

    expect((await me(t, phone.accesstoken)).status).toBe(200);
    expect(phoneSocket.connected).toBe(true);
  });

  it('refresh-token reuse: the stolen session is refused at once, access token and socket alike', async () => {
    const c = await newCustomer(t);
    const rotated = await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken));
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.accessToken as string;
    const socket = await open(fresh);
    expect((await me(t, fresh)).status).toBe(200);

    expect((await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken))).status).toBe(401);
    expect(await closedByServer(socket)).toBe('io server disconnect');
    expect((await me(t, fresh)).status).toBe(401);
    expect((await me(t, c.token)).status).toBe(401);
    await expect(connectSocket(baseUrl(t), fresh)).rejects.toThrow(/unauthorized/);
  });

  it('password reset: every session of the account ends at once', async () => {
    const c = await newCustomer(t);
    const other = await login(t, c.email, c.password);
    const sockets = [await open(c.token), await open(other.accesstoken)];
    await resetPassword(t, c.email, 'a-new-password-1');
    for (const s of sockets) expect(await closedByServer(s)).toBe('io server disconnect');
    for (const token of [c.token, other.accesstoken]) {
      expect((await me(t, token)).status).toBe(401);
      await expect(connectSocket(baseUrl(t), token)).rejects.toThrow(/unauthorized/);
    }
    const again = await login(t, c.email, 'a-new-password-1');
    expect((await me(t, again.accesstoken)).status).toBe(200);
  });

  it('password change: needs the current password, then every other session ends at once and this one stays', async () => {
    const c = await newCustomer(t);
    const other = await login(t, c.email, c.password);
    const otherSocket = await open(other.accesstoken);
    const ownSocket = await open(c.token);
    const change = (body: Record<string, unknown>) => api(t).put('/api/user/change-password').set(bearer(c.token)).send(body);

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual(['currentPassword']);
    const mismatch = await change({ currentPassword: c.password, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toContain('confirmPassword');
    expect((await me(t, other.accesstoken)).status).toBe(200);

    expect((await change({ currentPassword: c.password, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' })).status).toBe(200);
    expect(await closedByServer(otherSocket)).toBe('io server disconnect');
    expect((await me(t, other.accesstoken)).status).toBe(401);
    expect((await api(t).post('/api/user/refresh-token').set(bearer(other.refreshToken))).status).toBe(401);
    expect((await me(t, c.token)).status).toBe(200);
    expect(ownSocket.connected).toBe(true);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: 'changed-pass-1' })).status).toBe(200);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: c.password })).status).toBe(400);
  });

  it('an admin disabling a user ends every session at once and blocks sign-in until re-enabled', async () => {
    const c = await newCustomer(t);
    const socket = await open(c.token);
    const setStatus = (status: unknown, _id: string = c.id) => api(t).put('/api/user/admin/update-status').set(bearer(admin)).send({ _id, status });

    // Customers cannot, and bad input is a 400 naming the field.
    expect((await api(t).put('/api/user/admin/update-status').set(bearer(c.token)).send({ _id: c.id, status: 'Suspended' })).status).toBe(403);
    const bad = await setStatus('Gone');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContain('status');
    expect((await setStatus('Suspended', 'nosuchuser')).status).toBe(404);
    expect((await me(t, c.token)).status).toBe(200);

    const disabled = await setStatus('Suspended');
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ _id: c.id, status: 'Suspended' });
    expect(await closedByServer(socket)).toBe('io server disconnect');
    expect((await me(t, c.token)).status).toBe(401);
    await expect(connectSocket(baseUrl(t), c.token)).rejects.toThrow(/unauthorized/);
    expect((await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken))).status).toBe(401);
    const refused = await api(t).post('/api/user/login').send({ email: c.email, password: c.password });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/suspended/);

    expect((await setStatus('Active')).status).toBe(200);
    const back = await login(t, c.email, c.password);
    expect((await me(t, back.accesstoken)).status).toBe(200);
  });

  it('an admin cannot disable their own account', async () => {
    const adminId = (await me(t, admin)).body.data._id as string;
    const res = await api(t).put('/api/user/admin/update-status').set(bearer(admin)).send({ _id: adminId, status: 'Inactive' });
    expect(res.status).toBe(400);
    expect((await me(t, admin)).status).toBe(200);
  });

  it('public catalogue reads need no session: an ended token does not stop them', async () => {
    const c = await newCustomer(t);
    await api(t).get('/api/user/logout').set(bearer(c.token));
    expect((await api(t).get('/api/category/get').set(bearer(c.token))).status).toBe(200);
    expect((await api(t).post('/api/product/get').set(bearer(c.token)).send({ page: 1, limit: 10 })).status).toBe(200);
  });
});

/*
 * Two instances share PostgreSQL and Redis: a session ended through A must be refused by B at once,
 * though B has just answered (and cached) that same token as active.
 */
describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], 'sessions end at once across two instances on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let pair: TwoInstances | undefined;
  const sockets: HaatSocket[] = [];

  beforeAll(async () => {
    pair = await startTwoInstances();
    ({ a, b } = pair);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await pair?.close();
  });

  it('logout on A: B refuses the token and closes its socket at once', async () => {
    const c = await newCustomer(a);
    expect((await me(b, c.token)).status).toBe(200); // B now holds the session as active in memory
    const onB = await connectWatched(baseUrl(b), c.token);
    sockets.push(onB);
    const closed = closedByServer(onB, 5000);
    expect((await api(a).get('/api/user/logout').set(bearer(c.token))).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await me(b, c.token)).status).toBe(401);
  });

  it('disabled on A: B refuses every token of the account at once', async () => {
    const c = await newCustomer(a);
    const second = await login(b, c.email, c.password);
    for (const token of [c.token, second.accesstoken]) expect((await me(b, token)).status).toBe(200);
    const admin = await adminToken(a);
    expect((await api(a).put('/api/user/admin/update-status').set(bearer(admin)).send({ _id: c.id, status: 'Inactive' })).status).toBe(200);
    // Pub/sub delivery is asynchronous; allow it the time of one round trip, never the token's 15 minutes.
    const statuses = await waitUntil(() => Promise.all([c.token, second.accesstoken].map(async (token) => (await me(b, token)).status)), {
      until: (now) => now.every((s) => s === 401),
      timeoutMs: 1000,
      intervalMs: 10,
      message: "B refusing both of the disabled account's tokens",
    });
    expect(statuses).toEqual([401, 401]);
  });
});
