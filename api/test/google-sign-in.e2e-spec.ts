import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { startGoogleIdP, waitForEmailLinkToken, waitForMail } from './accounts-fixtures.js';

describe.each(PORTABLE_DB_KINDS)('Google sign-in on %s', (kind) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startGoogleIdP>>;
  let n = 0;
  const person = () => {
    n += 1;
    return {
      sub: `g-${Date.now()}-${n}`,
      email: `g${Date.now().toString(36)}${n}@gmail.test`,
      name: `Google Person ${n}`,
      picture: 'https://lh3.googleusercontent.test/a/p.png',
    };
  };

  beforeAll(async () => {
    idp = await startGoogleIdP();
    t = await startApp(kind, { GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: idp.jwksUrl });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const googleRegister = (credential: unknown) => api(t).post('/api/user/google-register').send({ credential });
  const googleLogin = (credential: unknown) => api(t).post('/api/user/google-login').send({ credential });

  it('google-register creates a verified account and answers the same tokens as login', async () => {
    const p = person();
    const res = await googleRegister(await idp.sign(p));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: false, message: 'Registered/Login Successful with Google' });
    expect(res.body.data.accesstoken).toMatch(/^ey/);
    expect(res.body.data.refreshToken).toMatch(/^ey/);
    const me = await api(t).get('/api/user/user-details').set(bearer(res.body.data.accesstoken));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: p.email, name: p.name, verify_email: true, role: 'USER', avatar: p.picture });
    expect(JSON.stringify(me.body)).not.toContain(p.sub);
    // The refresh token works like a password login's.
    expect((await api(t).post('/api/user/refresh-token').set(bearer(res.body.data.refreshToken))).status).toBe(200);

    const again = await googleLogin(await idp.sign(p));
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Login Successful with Google');
    const me2 = await api(t).get('/api/user/user-details').set(bearer(again.body.data.accesstoken));
    expect(me2.body.data._id).toBe(me.body.data._id);
  });

  it('google-login links an existing e-mail account, which keeps its password', async () => {
    const c = await newCustomer(t, 'Password Person');
    const res = await googleLogin(await idp.sign({ sub: `g-link-${c.id}`, email: c.email.toUpperCase(), name: 'Other Name' }));
    expect(res.status).toBe(200);
    const me = await api(t).get('/api/user/user-details').set(bearer(res.body.data.accesstoken));
    expect(me.body.data).toMatchObject({ _id: c.id, name: 'Password Person', verify_email: true });
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: c.password })).status).toBe(200);
    // The same e-mail from another Google account is not let in.
    const hijack = await googleLogin(await idp.sign({ sub: `g-other-${c.id}`, email: c.email }));
    expect(hijack.status).toBe(401);
    expect(hijack.body.message).toMatch(/different Google account/);
  });

  it('a Google-only account changes its e-mail only with a fresh credential of its own Google account; the old address is told', async () => {
    const p = person();
    const token = (await googleRegister(await idp.sign(p))).body.data.accesstoken as string;
    const newEmail = p.email.replace('@', '.moved@');
    const update = (extra: Record<string, unknown>) =>
      api(t)
        .put('/api/user/update-user')
        .set(bearer(token))
        .send({ name: p.name, email: newEmail, mobile: '9876543210', ...extra });

    const none = await update({});
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual(['credential']);
    const stranger = await update({ credential: await idp.sign({ ...person(), name: 'Someone else' }) });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toMatch(/not the one linked/);
    const stale = await update({ credential: await idp.sign(p, { issuedAt: Math.floor(Date.now() / 1000) - 10 * 60 }) });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/5 minutes/);
    expect((await update({ credential: await idp.sign(p, { signWith: 'stranger' }) })).status).toBe(401);
    expect((await api(t).get('/api/user/user-details').set(bearer(token))).body.data.email).toBe(p.email);

    const done = await update({ credential: await idp.sign(p) });
    expect(done.status).toBe(200);
    // The new address confirms by the link mailed to it (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md).
    expect(done.body.data.email).toBe(p.email);
    expect(
      (
        await api(t)
          .put('/api/user/confirm-email')
          .send({ token: await waitForEmailLinkToken(t, newEmail) })
      ).status,
    ).toBe(200);
    expect((await api(t).get('/api/user/user-details').set(bearer(token))).body.data.email).toBe(newEmail);
    const notice = await waitForMail(t, p.email);
    expect(notice).toMatch(/Subject: Your Haat e-mail address was changed/);
    expect(notice).toContain(newEmail);
  });

  it('google-login with an e-mail nobody uses asks to sign up (404), and creates nothing', async () => {
    const p = person();
    const res = await googleLogin(await idp.sign(p));
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/sign up/i);
    expect((await googleLogin(await idp.sign(p))).status).toBe(404);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token, a bad signature, an unknown key and an unverified e-mail (401, clear messages)', async () => {
    const p = person();
    const cases: Array<[string, Promise<string>, RegExp]> = [
      ['wrong audience', idp.sign({ ...p, aud: 'someone-else.apps.googleusercontent.com' }), /audience/],
      ['wrong issuer', idp.sign({ ...p, iss: 'https://evil.example' }), /not issued by Google/],
      ['expired', idp.sign(p, { expiresIn: -60 }), /expired/],
      ['bad signature', idp.sign(p, { signWith: 'stranger' }), /signature/],
      ['unknown key', idp.sign(p, { signWith: 'stranger', kid: 'no-such-key' }), /signature/],
      ['unverified e-mail', idp.sign({ ...p, email_verified: false }), /not verified/],
      ['not a token', Promise.resolve('not.a.jwt'), /not a valid Google token/],
    ];
    for (const [what, token, message] of cases) {
      for (const route of [googleLogin, googleRegister]) {
        const res = await route(await token);
        expect({ what, status: res.status }).toEqual({ what, status: 401 });
        expect(res.body).toMatchObject({ success: false, error: true });
        expect(res.body.message).toMatch(message);
        expect(res.body.data).toBeUndefined();
      }
    }
    // None of them created an account.
    expect((await googleLogin(await idp.sign(p))).status).toBe(404);
  });

  it('validates the body: credential is required', async () => {
    const res = await googleLogin(undefined);
    expect(res.status).toBe(400);
    expect(res.body.fields).toContain('credential');
  });
});
