import { PORTABLE_DB_KINDS, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';
import { newMobile, smsTo, waitForSmsCode } from './sms-fixtures.js';
import { mailsTo, startGoogleIdP, waitForMail } from './accounts-fixtures.js';

/**
 * Proving a number needs the owner present (docs/decisions/0280-sign-in-by-mobile-number.md): a stolen session of a
 * password account cannot make its own number a key; the account's e-mail hears of every number proved; a password
 * change or reset removes a number proved since the password last signed in, unless the owner, changing it, keeps it.
 */
describe.each(PORTABLE_DB_KINDS)('a number proved only with its owner present on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  type Customer = Awaited<ReturnType<typeof newCustomer>>;
  const details = async (token: string) => (await api(t).get('/api/user/user-details').set(bearer(token))).body.data;
  const ask = (token: string, body: Record<string, unknown>) => api(t).post('/api/user/mobile').set(bearer(token)).send(body);
  /** Asks with the password and proves the number with its code; answers the proved account. */
  const prove = async (c: Customer, mobile: string, nth = 1) => {
    expect((await ask(c.token, { mobile, currentPassword: c.password })).status).toBe(200);
    const proved = await api(t)
      .post('/api/user/mobile/verify')
      .set(bearer(c.token))
      .send({ mobile, otp: await waitForSmsCode(t, mobile, nth) });
    expect(proved.status).toBe(200);
    return proved.body.data;
  };
  const changePassword = (c: Customer, extra: Record<string, unknown> = {}) =>
    api(t)
      .put('/api/user/change-password')
      .set(bearer(c.token))
      .send({ currentPassword: c.password, newPassword: 'monsoon-ladder-quilt', confirmPassword: 'monsoon-ladder-quilt', ...extra });

  it('refuses a session without the password, as the e-mail change does, and texts nothing; with it the number is proved', async () => {
    const c = await newCustomer(t);
    const thief = newMobile().e164;
    const bare = await ask(c.token, { mobile: thief });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      code: 'REAUTH_REQUIRED',
      fields: ['currentPassword'],
      message: 'currentPassword: Enter your current password to add a mobile number.',
    });
    const wrong = await ask(c.token, { mobile: thief, currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'REAUTH_REQUIRED',
      fields: ['currentPassword'],
      message: 'currentPassword: The current password is not correct.',
    });
    expect(await smsTo(t, thief)).toEqual([]);
    // No code was ever sent for the account: a guess proves nothing.
    const guessed = await api(t).post('/api/user/mobile/verify').set(bearer(c.token)).send({ mobile: thief, otp: '123456' });
    expect(guessed.status).toBe(400);
    expect(await details(c.token)).toMatchObject({ mobile_verified: false });

    expect(await prove(c, thief)).toMatchObject({ mobile: thief, mobile_verified: true });
  });

  it("tells the account's e-mail, in its language, of a number proved on it", async () => {
    const c = await newCustomer(t, 'Meera');
    const mobile = newMobile().e164;
    await prove(c, mobile);
    const mail = await waitForMail(t, c.email, { matching: /mobile number was added/ });
    expect(mail).toContain(mobile);
    expect(mail).toContain('Hello Meera');

    const d = await newCustomer(t, 'Ravi');
    await api(t).put('/api/user/update-user').set(bearer(d.token)).send({ name: 'Ravi', email: d.email, mobile: '9000000002', language: 'hi-IN' });
    const hindi = newMobile().e164;
    await prove(d, hindi);
    const inHindi = base64Body(await waitForMail(t, d.email));
    expect(inHindi).toContain(hindi);
    expect(inHindi).toContain('नमस्ते Ravi');
    expect(inHindi).toContain('साइन-इन नंबर');
  });

  it('removes, on a password change, a number proved since the last password sign-in; keeps it when asked, and one proved before', async () => {
    const lost = await newCustomer(t);
    const m1 = newMobile().e164;
    await prove(lost, m1);
    expect((await changePassword(lost)).status).toBe(200);
    expect(await details(lost.token)).toMatchObject({ mobile: '', mobile_verified: false });

    const kept = await newCustomer(t);
    const m2 = newMobile().e164;
    await prove(kept, m2);
    expect((await changePassword(kept, { keepMobile: true })).status).toBe(200);
    expect(await details(kept.token)).toMatchObject({ mobile: m2, mobile_verified: true });

    const before = await newCustomer(t);
    const m3 = newMobile().e164;
    await prove(before, m3);
    const again = await login(t, before.email, before.password);
    expect((await changePassword({ ...before, token: again.accesstoken })).status).toBe(200);
    expect(await details(again.accesstoken)).toMatchObject({ mobile: m3, mobile_verified: true });
  });

  it('removes, on a reset by e-mail code, a number proved since the last password sign-in', async () => {
    const c = await newCustomer(t);
    const mobile = newMobile().e164;
    await prove(c, mobile);
    expect((await api(t).put('/api/user/forgot-password').send({ email: c.email })).status).toBe(200);
    const verified = await api(t)
      .put('/api/user/verify-forgot-password-otp')
      .send({ email: c.email, otp: /reset code is (\d{6})/.exec(await waitForMail(t, c.email, { matching: /reset code is/ }))?.[1] });
    const newPassword = 'monsoon-ladder-quilt';
    const reset = await api(t)
      .put('/api/user/reset-password')
      .send({ email: c.email, resetToken: verified.body.data.resetToken, newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    const again = await login(t, c.email, newPassword);
    expect(await details(again.accesstoken)).toMatchObject({ mobile: '', mobile_verified: false });
    // The number signs in to no account of its owner's any more: its code makes a new, empty one.
    expect((await api(t).post('/api/user/login-otp').send({ mobile })).status).toBe(200);
    const byCode = await api(t)
      .post('/api/user/login-otp/verify')
      .send({ mobile, otp: await waitForSmsCode(t, mobile, 2) });
    expect((await details(byCode.body.data.accesstoken))._id).not.toBe(c.id);
    expect((await mailsTo(t, c.email)).length).toBeGreaterThan(0);
  });
});

/** Wrong passwords given to prove a number are sign-in guesses at the account (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md). */
describe('wrong passwords given to prove a number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(() => t.close());

  it('count against the same limit as sign-ins to the account from that address', async () => {
    const c = await newCustomer(t);
    const mobile = newMobile().e164;
    const ask = (currentPassword: string) => api(t).post('/api/user/mobile').set(bearer(c.token)).send({ mobile, currentPassword });
    for (let i = 0; i < 10; i++) expect((await ask(`wrong-${i}`)).status).toBe(400);
    const limited = await ask(c.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: c.password })).status).toBe(429);
    expect(await smsTo(t, mobile)).toEqual([]);
  });
});

/** A Google-only account has no password: a fresh Google credential proves its owner, as for a new e-mail. */
describe('a Google-only account proving a number', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startGoogleIdP>>;
  beforeAll(async () => {
    idp = await startGoogleIdP();
    t = await startApp('pglite', { GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: idp.jwksUrl });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('needs a fresh credential of its own Google account', async () => {
    const claims = { sub: `g-${Date.now()}`, email: `g${Date.now()}@test.local`, name: 'Gita' };
    const signedIn = await api(t)
      .post('/api/user/google-register')
      .send({ credential: await idp.sign(claims) });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.accesstoken as string;
    const mobile = newMobile().e164;
    const ask = (body: Record<string, unknown>) =>
      api(t)
        .post('/api/user/mobile')
        .set(bearer(token))
        .send({ mobile, ...body });
    expect((await ask({})).body).toMatchObject({ code: 'REAUTH_REQUIRED', fields: ['credential'] });
    const stranger = await ask({ credential: await idp.sign({ ...claims, sub: 'g-someone-else' }) });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fields).toEqual(['credential']);
    expect(await smsTo(t, mobile)).toEqual([]);
    expect((await ask({ credential: await idp.sign(claims) })).status).toBe(200);
    await waitForSmsCode(t, mobile);
  });
});

/** The body of an .eml nodemailer wrote in base64 (as it does for a Hindi text). */
function base64Body(eml: string): string {
  const body = eml
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
}
