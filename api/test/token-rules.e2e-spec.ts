import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../src/config/config.js';
import { PORTABLE_DB_KINDS, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';
import { waitForCode } from './accounts-fixtures.js';
import { waitUntil } from './wait-until.js';

/** docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md */
describe.each(PORTABLE_DB_KINDS)('reset cookie and token rules on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => void (t = await startApp(kind)));
  afterAll(() => t.close());

  const verified = async (email: string) => {
    await api(t).put('/api/user/forgot-password').send({ email });
    const res = await api(t)
      .put('/api/user/verify-forgot-password-otp')
      .send({ email, otp: await waitForCode(t, email) });
    expect(res.status).toBe(200);
    return res;
  };
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .find((c) => c.startsWith('haat_reset='));

  it('verify sets the reset token as an HttpOnly, SameSite=Strict cookie scoped to the reset route', async () => {
    const c = await newCustomer(t);
    const res = await verified(c.email);
    const cookie = cookieOf(res);
    expect(cookie).toBeDefined();
    const parts = cookie!.split(';').map((p) => p.trim());
    expect(parts[0]).toBe(`haat_reset=${res.body.data.resetToken}`);
    expect(parts).toEqual(expect.arrayContaining(['Path=/api/user/reset-password', 'HttpOnly', 'SameSite=Strict', 'Max-Age=600']));
    // PUBLIC_URL is http here: no Secure, or the browser would drop it.
    expect(parts).not.toContain('Secure');
  });

  it('reset-password takes the token from the cookie when the body has none, once; neither is a 400 naming resetToken', async () => {
    const c = await newCustomer(t);
    const res = await verified(c.email);
    const cookie = cookieOf(res)!.split(';')[0]!;
    const body = { email: c.email, newPassword: 'copper-lantern-drift', confirmPassword: 'copper-lantern-drift' };

    const none = await api(t).put('/api/user/reset-password').send(body);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual(['resetToken']);
    const forged = await api(t).put('/api/user/reset-password').set('cookie', 'haat_reset=not-the-token').send(body);
    expect(forged.status).toBe(400);
    expect(forged.body.fields).toEqual(['resetToken']);

    const done = await api(t).put('/api/user/reset-password').set('cookie', `theme=dark; ${cookie}`).send(body);
    expect(done.status).toBe(200);
    expect(cookieOf(done)).toMatch(/^haat_reset=;.*Max-Age=0/);
    await login(t, c.email, 'copper-lantern-drift');
    const again = await api(t)
      .put('/api/user/reset-password')
      .set('cookie', cookie)
      .send({ ...body, newPassword: 'second-go-at-it', confirmPassword: 'second-go-at-it' });
    expect(again.status).toBe(400);
  });

  it('access tokens live 15 minutes by default', async () => {
    const c = await newCustomer(t);
    const claims = new JwtService().decode<{ iat: number; exp: number }>(c.token);
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('an access token is checked once and then remembered, yet refused once it expires, once its session ends, or when any byte differs', async () => {
    const c = await newCustomer(t);
    const jwt = new JwtService();
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode<Record<string, unknown>>(c.token);
    const short = await jwt.signAsync(claims, { secret: t.config.jwtAccessSecret, algorithm: 'HS256', expiresIn: 2 });
    const details = (token: string) => api(t).get('/api/user/user-details').set(bearer(token));
    expect((await details(short)).status).toBe(200);
    expect((await details(short)).status).toBe(200);
    // The same claims under another signature, and another subject under the remembered signature.
    const [head, body, signature] = short.split('.') as [string, string, string];
    const resigned = `${head}.${body}.${Buffer.from(signature, 'base64url').reverse().toString('base64url')}`;
    const moved = `${head}.${Buffer.from(JSON.stringify({ ...jwt.decode<object>(short), sub: 'someone-else' })).toString('base64url')}.${signature}`;
    for (const forged of [resigned, moved]) expect((await details(forged)).status).toBe(401);
    // Past its expiry the remembered token is refused like any other (read until the clock passes it).
    const after = await waitUntil(async () => (await details(short)).status, {
      until: (status) => status === 401,
      timeoutMs: 5000,
      intervalMs: 250,
      message: 'the expired token refused',
    });
    expect(after).toBe(401);
    // A remembered token of a session that has ended.
    expect((await details(c.token)).status).toBe(200);
    expect((await api(t).get('/api/user/logout').set(bearer(c.token))).status).toBe(200);
    expect((await details(c.token)).status).toBe(401);
  });

  it('refresh tokens are HS256 only: the same claims signed with HS512 or with alg none are refused', async () => {
    const c = await newCustomer(t);
    const jwt = new JwtService();
    const { iat: _iat, exp: _exp, ...claims } = jwt.decode<Record<string, unknown>>(c.refreshToken);
    const hs512 = await jwt.signAsync(claims, { secret: t.config.jwtRefreshSecret, algorithm: 'HS512', expiresIn: 3600 });
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    for (const token of [hs512, none]) {
      const res = await api(t).post('/api/user/refresh-token').set(bearer(token));
      expect(res.status).toBe(401);
    }
    // The genuine token still rotates: the refused ones did not touch the session.
    expect((await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken))).status).toBe(200);
  });
});

describe('ACCESS_TOKEN_TTL', () => {
  it('sets the access token lifetime (seconds, or with s, m or h), and refuses a value out of range', async () => {
    const t = await startApp('pglite', { ACCESS_TOKEN_TTL: '2m' });
    try {
      const c = await newCustomer(t);
      const claims = new JwtService().decode<{ iat: number; exp: number }>(c.token);
      expect(claims.exp - claims.iat).toBe(120);
      const refreshed = await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken));
      const again = new JwtService().decode<{ iat: number; exp: number }>(refreshed.body.data.accessToken as string);
      expect(again.exp - again.iat).toBe(120);
    } finally {
      await t.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'haat-ttl-'));
    try {
      expect(loadConfig({ ACCESS_TOKEN_TTL: '900', DATA_DIR: dir }).accessTokenTtlSeconds).toBe(900);
      expect(loadConfig({ ACCESS_TOKEN_TTL: '1h', DATA_DIR: dir }).accessTokenTtlSeconds).toBe(3600);
      for (const bad of ['0s', '25h', 'soon', '-5m']) expect(() => loadConfig({ ACCESS_TOKEN_TTL: bad, DATA_DIR: dir })).toThrow(/ACCESS_TOKEN_TTL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
