import { PORTABLE_DB_KINDS, api, bearer, startApp, type TestApp } from './harness.js';
import { newMobile, waitForSmsCode } from './sms-fixtures.js';

/**
 * An account signed up by mobile number never gives up its only key (docs/decisions/0280-sign-in-by-mobile-number.md):
 * a new number given on My Profile, with the owner's code, replaces the old one only once proved by its own code;
 * until then the old number is the account's and signs in to it.
 */
describe.each(PORTABLE_DB_KINDS)("a mobile-only account's key on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  const signIn = async (mobile: string, nth: number) => {
    expect((await api(t).post('/api/user/login-otp').send({ mobile })).status).toBe(200);
    const res = await api(t)
      .post('/api/user/login-otp/verify')
      .send({ mobile, otp: await waitForSmsCode(t, mobile, nth) });
    expect(res.status).toBe(200);
    return res.body.data.accesstoken as string;
  };
  const details = async (token: string) => (await api(t).get('/api/user/user-details').set(bearer(token))).body.data;

  it('keeps the old number as its key until the new one is proved, then the new one signs in to the same account', async () => {
    const [old, next] = [newMobile().e164, newMobile().e164];
    const token = await signIn(old, 1);
    const id = (await details(token))._id as string;
    expect((await api(t).post('/api/user/owner-code').set(bearer(token)).send({})).status).toBe(200);
    const changed = await api(t)
      .put('/api/user/update-user')
      .set(bearer(token))
      .send({ name: 'Asha Rao', email: '', mobile: next, otp: await waitForSmsCode(t, old, 2) });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(
      `Saved. Enter the code we sent to ${next} on My Profile to make it your sign-in number; until then you keep signing in with ${old}.`,
    );
    expect(changed.body.data).toMatchObject({ mobile: old, mobile_verified: true });

    // Signed out before proving it: the old number still signs in to this account, not to a new empty one.
    expect((await details(await signIn(old, 3)))._id).toBe(id);
    const newCode = await waitForSmsCode(t, next, 1);
    // A code to the new number for anything else (proving it as an added number) does not replace the key.
    const wrong = await api(t)
      .post('/api/user/mobile/verify')
      .set(bearer(token))
      .send({ mobile: next, otp: '000000' === newCode ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    const proved = await api(t).post('/api/user/mobile/verify').set(bearer(token)).send({ mobile: next, otp: newCode });
    expect(proved.status).toBe(200);
    expect(proved.body.data).toMatchObject({ mobile: next, mobile_verified: true });
    expect((await details(await signIn(next, 2)))._id).toBe(id);
  });
});
