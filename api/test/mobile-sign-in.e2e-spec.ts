import { eq } from 'drizzle-orm';
import { mobileCodes } from '../src/account/mobile-codes.table.js';
import { PORTABLE_DB_KINDS, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { newMobile, smsTo, waitForSmsCode } from './sms-fixtures.js';
import { mailsTo, waitForMail } from './accounts-fixtures.js';

describe.each(PORTABLE_DB_KINDS)('sign-in by a code sent to a mobile number on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  const send = (mobile: string) => api(t).post('/api/user/login-otp').send({ mobile });
  const verify = (mobile: string, otp: unknown) => api(t).post('/api/user/login-otp/verify').send({ mobile, otp });
  const details = (token: string) => api(t).get('/api/user/user-details').set(bearer(token));
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a code ending in the WebOTP line, and the code signs in a new account that answers as a password sign-in does', async () => {
    const m = newMobile();
    const sent = await send(m.typed);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, data: null });
    const code = await waitForSmsCode(t, m.e164);
    const [text] = await smsTo(t, m.e164);
    expect(text).toContain(`Your Haat code is ${code}.`);
    expect(text!.trimEnd().split('\n').at(-1)).toBe(`@localhost #${code}`);

    const signedIn = await verify(m.typed, code);
    expect(signedIn.status).toBe(200);
    const c = await newCustomer(t);
    const byPassword = await api(t).post('/api/user/login').send({ email: c.email, password: c.password });
    expect(Object.keys(signedIn.body.data).sort()).toEqual(Object.keys(byPassword.body.data).sort());
    expect(signedIn.body.message).toBe(byPassword.body.message);

    const me = await details(signedIn.body.data.accesstoken);
    expect(me.body.data).toMatchObject({ name: '', email: '', mobile: m.e164, mobile_verified: true });
    // The name is asked on the next screen.
    const named = await api(t).put('/api/user/name').set(bearer(signedIn.body.data.accesstoken)).send({ name: 'Asha Rao' });
    expect(named.status).toBe(200);
    expect(named.body.data.name).toBe('Asha Rao');

    // My Profile saves without an e-mail for an account that has none; an account that has one cannot remove it.
    const token = signedIn.body.data.accesstoken as string;
    const saved = await api(t).put('/api/user/update-user').set(bearer(token)).send({ name: 'Asha R.', email: '', mobile: m.typed });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Asha R.', email: '', mobile: m.e164, mobile_verified: true });
    const removed = await api(t).put('/api/user/update-user').set(bearer(c.token)).send({ name: 'Test Customer', email: '', mobile: '9876543210' });
    expect(removed.status).toBe(400);
    expect(removed.body.fields).toEqual(['email']);
    expect((await details(c.token)).body.data.email).toBe(c.email);

    // The code is used up; a new one signs in to the same account.
    expect((await verify(m.e164, code)).status).toBe(400);
    await send(m.e164);
    const again = await verify(m.e164, await waitForSmsCode(t, m.e164, 2));
    expect(again.status).toBe(200);
    expect((await details(again.body.data.accesstoken)).body.data._id).toBe(me.body.data._id);
  });

  it('answers a send alike whether or not the number has an account', async () => {
    const known = newMobile();
    await send(known.e164);
    expect((await verify(known.e164, await waitForSmsCode(t, known.e164))).status).toBe(200);
    const stranger = newMobile();
    const a = await send(known.e164);
    const b = await send(stranger.e164);
    expect(b.status).toBe(a.status);
    expect({ ...b.body, message: '' }).toEqual({ ...a.body, message: '' });
    expect(b.body.message.replace(stranger.e164, 'N')).toBe(a.body.message.replace(known.e164, 'N'));
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
  });

  it.each([['12345'], ['5876543210'], ['+1 415 555 0100'], [''], [null]])('refuses %p as a number, naming the field', async (mobile) => {
    const res = await api(t).post('/api/user/login-otp').send({ mobile });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(['mobile']);
  });

  it('keeps only a keyed hash of the code, valid five minutes', async () => {
    const m = newMobile();
    const before = Date.now();
    await send(m.e164);
    const code = await waitForSmsCode(t, m.e164);
    const [row] = await t.db
      .select()
      .from(mobileCodes)
      .where(eq(mobileCodes.key, `login:${m.e164}`));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - before).toBeGreaterThan(4.9 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    await t.db
      .update(mobileCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileCodes.key, `login:${m.e164}`));
    const late = await verify(m.e164, code);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('OTP_EXPIRED');
  });

  it('allows five wrong tries, then only a new code signs in', async () => {
    const m = newMobile();
    await send(m.e164);
    const code = await waitForSmsCode(t, m.e164);
    for (let left = 4; left >= 0; left--) {
      const res = await verify(m.e164, wrong(code));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual(['otp']);
      expect(res.body.message).toContain(left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left` : 'Please request a new one');
    }
    const locked = await verify(m.e164, code);
    expect(locked.status).toBe(400);
    expect(locked.body.code).toBe('OTP_LOCKED');
    await send(m.e164);
    expect((await verify(m.e164, await waitForSmsCode(t, m.e164, 2))).status).toBe(200);
  });

  it('refuses a code sent to another number, and a code for a number never sent one, alike', async () => {
    const m = newMobile();
    const other = newMobile();
    await send(m.e164);
    const code = await waitForSmsCode(t, m.e164);
    const a = await verify(other.e164, code);
    expect(a.status).toBe(400);
    expect(a.body.fields).toEqual(['otp']);
    expect((await verify(m.e164, code)).status).toBe(200);
  });

  it('lets a shopper signed in by e-mail add and verify a mobile, which then signs in to that account; two accounts never share it', async () => {
    const c = await newCustomer(t);
    const m = newMobile();
    const asked = await api(t).post('/api/user/mobile').set(bearer(c.token)).send({ mobile: m.typed, currentPassword: c.password });
    expect(asked.status).toBe(200);
    const code = await waitForSmsCode(t, m.e164);
    expect(
      (
        await api(t)
          .post('/api/user/mobile/verify')
          .set(bearer(c.token))
          .send({ mobile: m.e164, otp: wrong(code) })
      ).status,
    ).toBe(400);
    const proved = await api(t).post('/api/user/mobile/verify').set(bearer(c.token)).send({ mobile: m.e164, otp: code });
    expect(proved.status).toBe(200);
    expect(proved.body.data).toMatchObject({ _id: c.id, mobile: m.e164, mobile_verified: true });

    await send(m.e164);
    const signedIn = await verify(m.e164, await waitForSmsCode(t, m.e164, 2));
    expect((await details(signedIn.body.data.accesstoken)).body.data._id).toBe(c.id);

    const d = await newCustomer(t);
    await api(t).post('/api/user/mobile').set(bearer(d.token)).send({ mobile: m.e164, currentPassword: d.password });
    const taken = await api(t)
      .post('/api/user/mobile/verify')
      .set(bearer(d.token))
      .send({ mobile: m.e164, otp: await waitForSmsCode(t, m.e164, 3) });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', fields: ['mobile'], message: 'This mobile number is already verified on another account.' });
    expect((await details(d.token)).body.data.mobile_verified).toBe(false);

    // The profile form sending the number back in another spelling keeps it verified; another number is not verified.
    const profile = (mobile: string) => api(t).put('/api/user/update-user').set(bearer(c.token)).send({ name: 'Test Customer', email: c.email, mobile });
    expect((await profile(m.typed)).body.data).toMatchObject({ mobile: m.e164, mobile_verified: true });
    expect((await profile('9000000001')).body.data).toMatchObject({ mobile: '9000000001', mobile_verified: false });
  });

  it('lets an account signed up by mobile add an e-mail only with a fresh code sent to its own verified mobile', async () => {
    const m = newMobile();
    await send(m.e164);
    const token = (await verify(m.e164, await waitForSmsCode(t, m.e164))).body.data.accesstoken as string;
    const email = `mobile-only-${Date.now()}@test.local`;
    const addEmail = (otp?: unknown) =>
      api(t)
        .put('/api/user/update-user')
        .set(bearer(token))
        .send({ name: 'Asha Rao', email, mobile: m.e164, ...(otp === undefined ? {} : { otp }) });
    const refusedAs = async (otp: unknown, code: string) => {
      const res = await addEmail(otp);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code, fields: ['otp'] });
    };

    // No code; the used sign-in code; a code of its purpose past its five minutes, and one replaced by a newer one.
    await refusedAs(undefined, 'REAUTH_REQUIRED');
    expect((await addEmail()).body.message).toBe('otp: Enter the code we send to your mobile number to change your e-mail or number.');
    await refusedAs(await waitForSmsCode(t, m.e164), 'BAD_REQUEST');
    const asked = await api(t).post('/api/user/owner-code').set(bearer(token)).send({});
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(`A six-digit code is on its way to ${m.e164} by SMS.`);
    const stale = await waitForSmsCode(t, m.e164, 2);
    await t.db
      .update(mobileCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileCodes.key, `owner:${(await details(token)).body.data._id}`));
    await refusedAs(stale, 'OTP_EXPIRED');
    await api(t).post('/api/user/owner-code').set(bearer(token)).send({});
    const fresh = await waitForSmsCode(t, m.e164, 3);
    if (fresh !== stale) await refusedAs(stale, 'BAD_REQUEST');

    // A number the session holder has (proved for this account, or signing in): its codes are not the owner's.
    const attacker = newMobile();
    await api(t).post('/api/user/mobile').set(bearer(token)).send({ mobile: attacker.e164 });
    await refusedAs(await waitForSmsCode(t, attacker.e164), 'BAD_REQUEST');
    await send(attacker.e164);
    await refusedAs(await waitForSmsCode(t, attacker.e164, 2), 'BAD_REQUEST');
    expect(await mailsTo(t, email)).toEqual([]);
    expect((await details(token)).body.data.email).toBe('');
    // Nor can the session make that number the account's: not by proving it over the verified one, not by
    // giving the verified one up on the profile form first.
    await api(t).post('/api/user/mobile').set(bearer(token)).send({ mobile: attacker.e164 });
    const replaced = await api(t)
      .post('/api/user/mobile/verify')
      .set(bearer(token))
      .send({ mobile: attacker.e164, otp: await waitForSmsCode(t, attacker.e164, 3) });
    expect(replaced.status).toBe(409);
    expect(replaced.body.fields).toEqual(['mobile']);
    const givenUp = await api(t).put('/api/user/update-user').set(bearer(token)).send({ name: 'Asha Rao', email: '', mobile: attacker.e164 });
    expect(givenUp.status).toBe(400);
    expect(givenUp.body.fields).toEqual(['otp']);
    expect((await details(token)).body.data).toMatchObject({ mobile: m.e164, mobile_verified: true });

    // The fresh code to its own number: the link goes to the new e-mail, as for a password account; the code works once.
    const added = await addEmail(fresh);
    expect(added.status).toBe(200);
    expect(added.body.message).toContain(`open the link we sent to ${email}`);
    await waitForMail(t, email);
    await refusedAs(fresh, 'BAD_REQUEST');
  });

  it('keeps the password, or a verified mobile, the only ways an account proves its owner', async () => {
    // A password account's e-mail change still needs its password, whatever code it brings.
    const c = await newCustomer(t);
    const m = newMobile();
    await api(t).post('/api/user/mobile').set(bearer(c.token)).send({ mobile: m.e164, currentPassword: c.password });
    await api(t)
      .post('/api/user/mobile/verify')
      .set(bearer(c.token))
      .send({ mobile: m.e164, otp: await waitForSmsCode(t, m.e164) });
    await api(t).post('/api/user/owner-code').set(bearer(c.token)).send({});
    const withCode = await api(t)
      .put('/api/user/update-user')
      .set(bearer(c.token))
      .send({ name: 'Test Customer', email: `other-${Date.now()}@test.local`, mobile: m.e164, otp: await waitForSmsCode(t, m.e164, 2) });
    expect(withCode.status).toBe(400);
    expect(withCode.body.fields).toEqual(['currentPassword']);

    // A code goes only to a verified mobile of the account itself.
    const d = await newCustomer(t);
    const none = await api(t).post('/api/user/owner-code').set(bearer(d.token)).send({});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'REAUTH_REQUIRED', fields: ['mobile'] });
  });

  it('answers in Hindi when asked', async () => {
    const m = newMobile();
    const res = await api(t).post('/api/user/login-otp').set('accept-language', 'hi-IN').send({ mobile: m.e164 });
    expect(res.body.message).toContain('SMS');
    expect(res.body.message).not.toContain('on its way');
    await waitForSmsCode(t, m.e164);
    expect((await smsTo(t, m.e164))[0]).toContain('हाट पर आपका कोड');
    const bad = await api(t).post('/api/user/login-otp').set('accept-language', 'hi-IN').send({ mobile: '12345' });
    expect(bad.body.message).toBe('mobile: मान्य 10 अंकों का भारतीय मोबाइल नंबर होना चाहिए');
  });
});
