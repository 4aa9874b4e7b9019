import { eq } from 'drizzle-orm';
import { api, bearer, PORTABLE_DB_KINDS, login, newCustomer, startApp, type TestApp } from './harness.js';
import { mailsTo, waitForEmailLinkToken, waitForMail } from './accounts-fixtures.js';
import { users } from '../src/users/users.table.js';

/** docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md: no answer tells whether an e-mail has an account. */
describe.each(PORTABLE_DB_KINDS)('no account enumeration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => void (t = await startApp(kind)));
  afterAll(() => t.close());

  /** The shape of an answer: its keys and the type of each value, all the way down. */
  const shape = (v: unknown): unknown =>
    v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : v === null ? 'null' : typeof v;

  it('register answers a taken e-mail like a free one, changes nothing and tells the owner by mail', async () => {
    const owner = await newCustomer(t, 'Owner Olga');
    const body = (email: string) => ({ name: 'Someone Else', email, password: 'quiet-harbour-lantern', confirmPassword: 'quiet-harbour-lantern' });
    const free = await api(t)
      .post('/api/user/register')
      .send(body(`free-${owner.email}`));
    const taken = await api(t).post('/api/user/register').send(body(owner.email.toUpperCase()));
    expect(taken.status).toBe(free.status);
    expect(taken.status).toBe(201);
    expect(shape(taken.body)).toEqual(shape(free.body));
    expect(taken.body.message).toBe(free.body.message);
    expect(taken.body.data).toMatchObject({ email: owner.email, name: 'Someone Else', role: 'USER' });
    // Nothing about the account changed: its own password still signs in, the stranger's does not.
    const [row] = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect(row?.name).toBe('Owner Olga');
    await login(t, owner.email, owner.password);
    expect((await api(t).post('/api/user/login').send({ email: owner.email, password: 'quiet-harbour-lantern' })).status).toBe(400);
    const notice = await waitForMail(t, owner.email);
    expect(notice).toMatch(/Subject: Someone tried to register with your e-mail address/);
    expect(await mailsTo(t, `free-${owner.email}`)).toHaveLength(0);
  });

  it('forgot-password answers a known and an unknown e-mail alike', async () => {
    const owner = await newCustomer(t);
    const known = await api(t).put('/api/user/forgot-password').send({ email: owner.email });
    const unknown = await api(t)
      .put('/api/user/forgot-password')
      .send({ email: `nobody-${owner.email}` });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it("update-user to another account's e-mail answers like a free one; only a link mailed to the new address changes it", async () => {
    const a = await newCustomer(t, 'Asha');
    const b = await newCustomer(t, 'Bina');
    const freeEmail = a.email.replace('@', '.new@');
    const change = (email: string) =>
      api(t).put('/api/user/update-user').set(bearer(a.token)).send({ name: 'Asha R', email, mobile: '9876543210', currentPassword: a.password });
    const toTaken = await change(b.email);
    const toFree = await change(freeEmail);
    expect(toTaken.status).toBe(200);
    expect(toFree.status).toBe(200);
    expect({ ...toTaken.body, message: toTaken.body.message.replace(b.email, '<new>') }).toEqual({
      ...toFree.body,
      message: toFree.body.message.replace(freeEmail, '<new>'),
    });
    expect(toFree.body.message).toMatch(/open the link we sent/);
    // Nothing changed yet but the name and mobile; Bina is told, not linked.
    expect(toFree.body.data).toMatchObject({ name: 'Asha R', email: a.email, mobile: '9876543210' });
    expect((await api(t).get('/api/user/user-details').set(bearer(b.token))).body.data.email).toBe(b.email);
    const told = await waitForMail(t, b.email);
    expect(told).toMatch(/Subject: Someone tried to use your e-mail address on Haat/);
    expect(told).not.toMatch(/confirmEmail=/);

    const token = await waitForEmailLinkToken(t, freeEmail);
    const confirmed = await api(t).put('/api/user/confirm-email').send({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ email: freeEmail });
    const me = await api(t).get('/api/user/user-details').set(bearer(a.token));
    expect(me.body.data).toMatchObject({ email: freeEmail, verify_email: true });
    await login(t, freeEmail, a.password);
    expect(await waitForMail(t, a.email)).toMatch(/Subject: Your Haat e-mail address was changed/);
    // A link works once: the account no longer has the e-mail it was made from.
    const again = await api(t).put('/api/user/confirm-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual(['token']);
    expect(
      (
        await api(t)
          .put('/api/user/confirm-email')
          .send({ token: `${token}x` })
      ).status,
    ).toBe(400);
  });

  it('a link whose address was taken meanwhile is a 409 for its holder, and nothing changes', async () => {
    const a = await newCustomer(t, 'Asha');
    const wanted = `wanted-${a.email}`;
    await api(t).put('/api/user/update-user').set(bearer(a.token)).send({ name: 'Asha', email: wanted, mobile: '9876543210', currentPassword: a.password });
    const token = await waitForEmailLinkToken(t, wanted);
    const reg = await api(t)
      .post('/api/user/register')
      .send({ name: 'Quick', email: wanted, password: 'quiet-harbour-lantern', confirmPassword: 'quiet-harbour-lantern' });
    expect(reg.status).toBe(201);
    const res = await api(t).put('/api/user/confirm-email').send({ token });
    expect(res.status).toBe(409);
    expect((await api(t).get('/api/user/user-details').set(bearer(a.token))).body.data.email).toBe(a.email);
  });
});
