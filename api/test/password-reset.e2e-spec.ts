import { eq } from 'drizzle-orm';
import { passwordResetCodes } from '../src/account/password-reset.table.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { mailsTo, waitForCode } from './accounts-fixtures.js';

describe.each(PORTABLE_DB_KINDS)('password reset by six-digit code on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  const forgot = (email: string) => api(t).put('/api/user/forgot-password').send({ email });
  const verify = (email: string, otp: unknown) => api(t).put('/api/user/verify-forgot-password-otp').send({ email, otp });
  const reset = (email: string, resetToken: unknown, newPassword: string, confirmPassword = newPassword) =>
    api(t).put('/api/user/reset-password').send({ email, resetToken, newPassword, confirmPassword });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('forgot → mailed code → verify → reset: new password works, old one and every session do not, and only once', async () => {
    const c = await newCustomer(t);
    const other = await api(t).post('/api/user/login').send({ email: c.email, password: c.password });
    const sessions = [c.refreshToken, other.body.data.refreshToken as string];

    const sent = await forgot(c.email.toUpperCase());
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    const code = await waitForCode(t, c.email);
    expect(code).toMatch(/^\d{6}$/);

    const ok = await verify(c.email, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, error: false, message: 'Verify OTP successfully', data: { email: c.email } });
    const token = ok.body.data.resetToken as string;
    expect(token).toMatch(/^[\w-]{40,}$/);

    const mismatch = await reset(c.email, token, 'brand-new-pass', 'something-else');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain('New password and confirm password must be same');

    const done = await reset(c.email, token, 'brand-new-pass');
    expect(done.status).toBe(200);
    expect(done.body.success).toBe(true);

    expect((await api(t).post('/api/user/login').send({ email: c.email, password: 'brand-new-pass' })).status).toBe(200);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: c.password })).status).toBe(400);
    for (const refreshToken of sessions) expect((await api(t).post('/api/user/refresh-token').set(bearer(refreshToken))).status).toBe(401);

    // Once: the same token cannot set the password again.
    const twice = await reset(c.email, token, 'third-password');
    expect(twice.status).toBe(400);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: 'third-password' })).status).toBe(400);
  });

  it('answers forgot-password identically for an unknown e-mail, and mails nothing to it', async () => {
    const c = await newCustomer(t);
    const unknown = `nobody-${Date.now()}@test.local`;
    const known = await forgot(c.email);
    const stranger = await forgot(unknown);
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    await waitForCode(t, c.email);
    expect(await mailsTo(t, unknown)).toHaveLength(0);
    // Verifying against an unknown e-mail behaves like a wrong code, not like "no such user".
    const v = await verify(unknown, '123456');
    expect(v.status).toBe(400);
    expect(v.body.fields).toEqual(['otp']);
    expect((await reset(unknown, 'a'.repeat(43), 'whatever-pass')).status).toBe(400);
  });

  it('keeps only a keyed hash of the code', async () => {
    const c = await newCustomer(t);
    await forgot(c.email);
    const code = await waitForCode(t, c.email);
    const [row] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.email, c.email));
    expect(row).toBeDefined();
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('a new code replaces the old one', async () => {
    const c = await newCustomer(t);
    await forgot(c.email);
    const first = await waitForCode(t, c.email, 1);
    await forgot(c.email);
    const second = await waitForCode(t, c.email, 2);
    if (first !== second) expect((await verify(c.email, first)).status).toBe(400);
    expect((await verify(c.email, second)).status).toBe(200);
  });

  it('voids the code after 5 wrong tries, even for the right code after that', async () => {
    const c = await newCustomer(t);
    await forgot(c.email);
    const code = await waitForCode(t, c.email);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(c.email, wrong(code));
      expect(res.status).toBe(400);
      messages.push(res.body.message);
    }
    expect(messages[0]).toBe('Invalid OTP. Please check the code in your e-mail. 4 tries left.'); // said to a person: no "otp:" prefix
    expect(messages[4]).toMatch(/Too many wrong codes/);
    const right = await verify(c.email, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/request a new one/);
    expect((await reset(c.email, 'a'.repeat(43), 'never-set-pass')).status).toBe(400);
  });

  it('a code expires after 10 minutes', async () => {
    const c = await newCustomer(t);
    await forgot(c.email);
    const code = await waitForCode(t, c.email);
    // Ten minutes pass: the expiry is moved into the past in the database (no clock is mocked).
    await t.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.email, c.email));
    const res = await verify(c.email, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it("reset needs the token the verify answered: not the e-mail alone, not another account's token, not after 10 minutes", async () => {
    const c = await newCustomer(t);
    const eve = await newCustomer(t);
    await forgot(c.email);
    const code = await waitForCode(t, c.email);
    expect((await reset(c.email, 'a'.repeat(43), 'not-yet-pass')).status).toBe(400);
    const verified = await verify(c.email, code);
    expect(verified.status).toBe(200);
    const token = verified.body.data.resetToken as string;

    // The owner verified; someone who knows only the e-mail cannot set the password.
    for (const stranger of [undefined, '', 'x'.repeat(43)]) {
      const res = await reset(c.email, stranger, 'hijacked-pass');
      expect(res.status).toBe(400);
      expect(res.body.fields).toContain('resetToken');
    }
    // Eve's own verified token does not open Alice's account.
    await forgot(eve.email);
    const eveToken = (await verify(eve.email, await waitForCode(t, eve.email))).body.data.resetToken as string;
    expect((await reset(c.email, eveToken, 'hijacked-pass')).status).toBe(400);
    // The code verifies once: a second verify answers no second token.
    const again = await verify(c.email, code);
    expect(again.status).toBe(400);
    expect(again.body.data).toBeUndefined();

    // Ten minutes pass (the expiry is moved into the past in the database; no clock is mocked).
    await t.db
      .update(passwordResetCodes)
      .set({ resetTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.email, c.email));
    const late = await reset(c.email, token, 'too-late-pass');
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/10 minutes/);
    for (const password of ['hijacked-pass', 'too-late-pass'])
      expect((await api(t).post('/api/user/login').send({ email: c.email, password })).status).toBe(400);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: c.password })).status).toBe(200);
  });

  it('keeps only a hash of the reset token; a new code request does not void a reset its owner verified, within its 10 minutes', async () => {
    const c = await newCustomer(t);
    await forgot(c.email);
    const token = (await verify(c.email, await waitForCode(t, c.email))).body.data.resetToken as string;
    const [row] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.email, c.email));
    expect(row!.resetTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.resetTokenExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // Anyone may ask for a code for this e-mail meanwhile: the owner's verified reset still goes through.
    expect((await forgot(c.email)).status).toBe(200);
    await waitForCode(t, c.email, 2);
    expect((await reset(c.email, token, 'replaced-pass-77')).status).toBe(200);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: 'replaced-pass-77' })).status).toBe(200);
    // A used token stays used, whatever is requested after it.
    expect((await forgot(c.email)).status).toBe(200);
    expect((await reset(c.email, token, 'replaced-again-88')).status).toBe(400);
  });

  it('a new code request does void a verified reset whose 10 minutes are over', async () => {
    const c = await newCustomer(t);
    await forgot(c.email);
    const token = (await verify(c.email, await waitForCode(t, c.email))).body.data.resetToken as string;
    await t.db
      .update(passwordResetCodes)
      .set({ resetTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.email, c.email));
    expect((await forgot(c.email)).status).toBe(200);
    const [row] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.email, c.email));
    expect(row!.resetTokenHash).toBeNull();
    expect((await reset(c.email, token, 'too-late-pass-99')).status).toBe(400);
  });

  it('a reset ends every session of the account at once: its access tokens are refused', async () => {
    const c = await newCustomer(t);
    expect((await api(t).get('/api/user/user-details').set(bearer(c.token))).status).toBe(200);
    await forgot(c.email);
    const token = (await verify(c.email, await waitForCode(t, c.email))).body.data.resetToken as string;
    expect((await reset(c.email, token, 'after-reset-pass')).status).toBe(200);
    expect((await api(t).get('/api/user/user-details').set(bearer(c.token))).status).toBe(401);
  });

  it('sends at most 5 codes per e-mail per hour (429), alike for unknown e-mails', async () => {
    const c = await newCustomer(t);
    const unknown = `ghost-${Date.now()}@test.local`;
    for (let i = 0; i < 5; i++) {
      expect((await forgot(c.email)).status).toBe(200);
      expect((await forgot(unknown)).status).toBe(200);
    }
    const known = await forgot(c.email);
    const stranger = await forgot(unknown);
    expect(known.status).toBe(429);
    expect(known.body.message).toMatch(/per hour/);
    expect(stranger.status).toBe(429);
    expect(stranger.body).toEqual(known.body);
    await waitForCode(t, c.email, 5);
    expect(await mailsTo(t, c.email)).toHaveLength(5);
  });

  it('validates: the code is six digits, e-mail required', async () => {
    const c = await newCustomer(t);
    for (const otp of ['12345', '1234567', '12a456', '', null]) {
      const res = await verify(c.email, otp);
      expect(res.status).toBe(400);
      expect(res.body.fields).toContain('otp');
    }
    const res = await api(t).put('/api/user/forgot-password').send({});
    expect(res.status).toBe(400);
    expect(res.body.fields).toContain('email');
  });
});
