import sharp from 'sharp';
import { api, bearer, PORTABLE_DB_KINDS, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addAddress, addProduct, mailsTo, waitForEmailLinkToken, waitForMail } from './accounts-fixtures.js';

describe.each(PORTABLE_DB_KINDS)('profile, avatar and user details on %s', (kind) => {
  let t: TestApp, admin: string;
  beforeAll(async () => void ({ t, admin } = await startWithUsers(kind)));
  afterAll(() => t.close());

  it('update-user changes name and mobile at once, the e-mail once the link mailed to it is opened; the new e-mail signs in', async () => {
    const c = await newCustomer(t, 'Old Name');
    const newEmail = c.email.replace('@', '.new@');
    const res = await api(t)
      .put('/api/user/update-user')
      .set(bearer(c.token))
      .send({ name: 'New Name', email: newEmail.toUpperCase(), mobile: '+91 98765 43210', currentPassword: c.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { name: 'New Name', email: c.email, mobile: '+91 98765 43210' } });
    expect(res.body.message).toContain(`open the link we sent to ${newEmail}`);
    const confirmed = await api(t)
      .put('/api/user/confirm-email')
      .send({ token: await waitForEmailLinkToken(t, newEmail) });
    expect(confirmed.status).toBe(200);
    const me = await api(t).get('/api/user/user-details').set(bearer(c.token));
    expect(me.body.data).toMatchObject({ name: 'New Name', email: newEmail, mobile: '+91 98765 43210', verify_email: true });
    expect((await api(t).post('/api/user/login').send({ email: newEmail, password: c.password })).status).toBe(200);
    expect((await api(t).post('/api/user/login').send({ email: c.email, password: c.password })).status).toBe(400);
  });

  it('changing the e-mail needs the current password, and the old address is told by mail', async () => {
    const c = await newCustomer(t, 'Careful');
    const newEmail = c.email.replace('@', '.attacker@');
    const update = (extra: Record<string, unknown>) =>
      api(t)
        .put('/api/user/update-user')
        .set(bearer(c.token))
        .send({ name: 'Careful', email: newEmail, mobile: '9876543210', ...extra });
    const missing = await update({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error: true, fields: ['currentPassword'] });
    const wrong = await update({ currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/current password is not correct/);
    expect((await api(t).get('/api/user/user-details').set(bearer(c.token))).body.data.email).toBe(c.email);
    expect(await mailsTo(t, c.email)).toHaveLength(0);
    // Name and mobile alone need no password.
    expect((await api(t).put('/api/user/update-user').set(bearer(c.token)).send({ name: 'Renamed', email: c.email, mobile: '9000000000' })).status).toBe(200);

    expect((await update({ currentPassword: c.password })).status).toBe(200);
    expect(
      (
        await api(t)
          .put('/api/user/confirm-email')
          .send({ token: await waitForEmailLinkToken(t, newEmail) })
      ).status,
    ).toBe(200);
    const notice = await waitForMail(t, c.email);
    expect(notice).toMatch(/Subject: Your Haat e-mail address was changed/);
    expect(notice).toContain(newEmail);
  });

  it("verifying the account's own e-mail sends no warning that the address changed", async () => {
    const c = await newCustomer(t, 'Proving');
    expect((await api(t).post('/api/user/verify-email').set(bearer(c.token))).status).toBe(200);
    const token = await waitForEmailLinkToken(t, c.email, 10_000, /Subject: Verify your Haat e-mail address/);
    expect((await api(t).put('/api/user/confirm-email').send({ token })).status).toBe(200);
    expect((await api(t).get('/api/user/user-details').set(bearer(c.token))).body.data.verify_email).toBe(true);
    // The warning would be queued at once beside the answer; a later mail to the same address shows the queue has run.
    await api(t)
      .put('/api/user/update-user')
      .set(bearer(c.token))
      .send({ name: 'Proving', email: c.email.replace('@', '.next@'), mobile: '9876543210', currentPassword: c.password });
    await waitForEmailLinkToken(t, c.email.replace('@', '.next@'));
    expect((await mailsTo(t, c.email)).filter((m) => /Subject: Your Haat e-mail address was changed/.test(m))).toHaveLength(0);
  });

  it("says nothing about another account's e-mail (asks for the password first, then answers as for any e-mail) and names a missing field", async () => {
    const a = await newCustomer(t, 'A');
    const b = await newCustomer(t, 'B');
    // Without the current password the session learns nothing about who else has an account.
    const unconfirmed = await api(t).put('/api/user/update-user').set(bearer(a.token)).send({ name: 'A', email: b.email, mobile: '9999999999' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.code).toBe('REAUTH_REQUIRED');
    const taken = await api(t)
      .put('/api/user/update-user')
      .set(bearer(a.token))
      .send({ name: 'A', email: b.email, mobile: '9999999999', currentPassword: a.password });
    expect(taken.status).toBe(200);
    expect(taken.body.message).toMatch(/open the link we sent/);
    expect(taken.body.data.email).toBe(a.email);
    for (const field of ['name', 'email', 'mobile'] as const) {
      const body: Record<string, string> = { name: 'A', email: a.email, mobile: '9999999999' };
      delete body[field];
      const res = await api(t).put('/api/user/update-user').set(bearer(a.token)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.fields).toContain(field);
    }
    // Keeping one's own e-mail is not a conflict.
    expect((await api(t).put('/api/user/update-user').set(bearer(a.token)).send({ name: 'A2', email: a.email, mobile: '9999999999' })).status).toBe(200);
    const me = await api(t).get('/api/user/user-details').set(bearer(b.token));
    expect(me.body.data.email).toBe(b.email);
  });

  it('upload-avatar re-encodes an image to WebP and answers data.avatar; refuses non-images', async () => {
    const c = await newCustomer(t);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e33' } })
      .png()
      .toBuffer();
    const res = await api(t).put('/api/user/upload-avatar').set(bearer(c.token)).attach('file', png, { filename: 'me.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.data.avatar).toMatch(new RegExp(`^${t.config.publicUrl}/uploads/avatar.+\\.webp$`));
    const served = await api(t).get(new URL(res.body.data.avatar).pathname).buffer(true);
    expect(served.status).toBe(200);
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('webp');
    const me = await api(t).get('/api/user/user-details').set(bearer(c.token));
    expect(me.body.data.avatar).toBe(res.body.data.avatar);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await api(t).put('/api/user/upload-avatar').set(bearer(c.token)).attach('file', svg, { filename: 'x.png', contentType: 'image/png' });
    expect(bad.status).toBe(415);
    const none = await api(t).put('/api/user/upload-avatar').set(bearer(c.token)).send({ avatar: 'x' });
    expect(none.status).toBe(400);
    expect((await api(t).get('/api/user/user-details').set(bearer(c.token))).body.data.avatar).toBe(res.body.data.avatar);
    expect((await api(t).put('/api/user/upload-avatar').attach('file', png, 'me.png')).status).toBe(401);
  });

  it('user-details lists active address ids and cart line ids, and never a secret', async () => {
    const c = await newCustomer(t);
    const a1 = await addAddress(t, c.token);
    const a2 = await addAddress(t, c.token, { city: 'Mysuru' });
    await api(t).delete('/api/address/disable').set(bearer(c.token)).send({ _id: a1 });
    const product = await addProduct(t, admin);
    const line = await api(t).post('/api/cart/create').set(bearer(c.token)).send({ productId: product._id });
    const me = await api(t).get('/api/user/user-details').set(bearer(c.token));
    expect(me.body.data.address_details).toEqual([a2]);
    expect(me.body.data.shopping_cart).toEqual([line.body.data._id]);
    expect(me.body.data.orderHistory).toEqual([]);
    expect(me.body.data).not.toHaveProperty('passwordHash');
    // No secret and no field holding one (owner_proof's value "password" only names how the owner proves itself).
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|"\w*(password|google_?sub|refresh)\w*":/i);
  });

  it('Google sign-in answers 503 with a clear message when GOOGLE_CLIENT_ID is not set', async () => {
    for (const route of ['google-login', 'google-register']) {
      const res = await api(t).post(`/api/user/${route}`).send({ credential: 'a.b.c' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.message).toMatch(/GOOGLE_CLIENT_ID/);
    }
  });
});
