import { JwtService } from '@nestjs/jwt';
import { ADMIN, PORTABLE_DB_KINDS, adminToken, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';

describe.each(PORTABLE_DB_KINDS)('sign-in core on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('registers, answers a taken e-mail alike without creating anything, refuses mismatched passwords with the shown message', async () => {
    const body = { name: 'Riya', email: 'Riya@Test.local', password: 'lotus-pond-rain-7', confirmPassword: 'lotus-pond-rain-7' };
    const first = await api(t).post('/api/user/register').send(body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, error: false, data: { email: 'riya@test.local', role: 'USER' } });
    expect(first.body.data).not.toHaveProperty('passwordHash');
    const again = await api(t)
      .post('/api/user/register')
      .send({ ...body, email: 'riya@test.local' });
    expect(again.status).toBe(201);
    expect(again.body.data._id).not.toBe(first.body.data._id);
    const mismatch = await api(t)
      .post('/api/user/register')
      .send({ ...body, email: 'other@test.local', confirmPassword: 'nope' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain('Password and confirm password must be same');
  });

  it('names the bad field', async () => {
    const res = await api(t).post('/api/user/register').send({ name: 'x', email: 'not-an-email', password: 'a', confirmPassword: 'a' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContain('email');
  });

  it('logs in with data.accesstoken and data.refreshToken; wrong password is a 400 without a token', async () => {
    const tokens = await login(t, ADMIN.email, ADMIN.password);
    expect(tokens.accesstoken).toMatch(/^ey/);
    expect(tokens.refreshToken).toMatch(/^ey/);
    const bad = await api(t).post('/api/user/login').send({ email: ADMIN.email, password: 'wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toBeUndefined();
  });

  it('answers user-details without secrets; 401 without a token', async () => {
    const c = await newCustomer(t, 'Meera');
    const me = await api(t).get('/api/user/user-details').set(bearer(c.token));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: c.id, name: 'Meera', email: c.email, role: 'USER', address_details: [], shopping_cart: [], orderHistory: [] });
    // No secret and no field holding one (owner_proof's value "password" only names how the owner proves itself).
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|"\w*password\w*":/i);
    expect((await api(t).get('/api/user/user-details')).status).toBe(401);
    expect((await api(t).get('/api/user/user-details').set(bearer('garbage'))).status).toBe(401);
  });

  it('rotates refresh tokens; reusing an old one revokes the session', async () => {
    const c = await newCustomer(t);
    const first = await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken));
    expect(first.status).toBe(200);
    expect(first.body.data.accessToken).toMatch(/^ey/);
    expect(first.body.data.refreshToken).not.toBe(c.refreshToken);
    // The old token again: theft. The session dies, so even the newest token stops working.
    expect((await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken))).status).toBe(401);
    expect((await api(t).post('/api/user/refresh-token').send({ refreshToken: first.body.data.refreshToken })).status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const c = await newCustomer(t);
    const out = await api(t).get('/api/user/logout').set(bearer(c.token));
    expect(out.status).toBe(200);
    expect((await api(t).post('/api/user/refresh-token').set(bearer(c.refreshToken))).status).toBe(401);
  });

  it('does not accept a refresh token as an access token', async () => {
    const c = await newCustomer(t);
    expect((await api(t).get('/api/user/user-details').set(bearer(c.refreshToken))).status).toBe(401);
    expect(await adminToken(t)).toBeTruthy();
  });

  it('refuses access tokens that are forged, expired, unsigned or tampered, and an accepted one once its session ends', async () => {
    const c = await newCustomer(t);
    const [header = '', payload = '', signature = ''] = c.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; role: string; sid: string; typ: string };
    const { sub, role, sid, typ } = claims;
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const details = (authorization: string) => api(t).get('/api/user/user-details').set('authorization', authorization);
    const jwt = new JwtService();
    // Accepted first (and so remembered as verified), whatever the case of the scheme.
    expect((await details(`Bearer ${c.token}`)).status).toBe(200);
    expect((await details(`bearer ${c.token}`)).status).toBe(200);
    expect((await details(c.token)).status).toBe(401);
    expect((await details(`Bearer ${jwt.sign({ sub, role, sid, typ }, { secret: 'another-secret-0123456789abcdef' })}`)).status).toBe(401);
    const expired = jwt.sign({ sub, role, sid, typ, exp: Math.floor(Date.now() / 1000) - 5 }, { secret: t.config.jwtAccessSecret });
    expect((await details(`Bearer ${expired}`)).status).toBe(401);
    expect((await details(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).status).toBe(401);
    expect((await details(`Bearer ${header}.${b64({ ...claims, role: 'ADMIN' })}.${signature}`)).status).toBe(401);
    // The same accepted token, once its session has ended: refused at once.
    expect((await api(t).get('/api/user/logout').set(bearer(c.token))).status).toBe(200);
    expect((await details(`Bearer ${c.token}`)).status).toBe(401);
  });
});
