import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { users } from '../src/users/users.table.js';
import { DB_KINDS, adminToken, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';

describe.each(DB_KINDS)('the last active admin on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => void (t = await startApp(kind)));
  afterAll(() => t.close());

  const activeAdmins = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'Active')))
    ).map((r) => r.id);
  const newAdmin = async () => {
    const c = await newCustomer(t, 'Another Admin');
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, c.id));
    return { id: c.id, token: (await login(t, c.email, c.password)).accesstoken };
  };
  const suspend = (token: string, _id: string) => api(t).put('/api/user/admin/update-status').set(bearer(token)).send({ _id, status: 'Suspended' });

  it('two admins suspending each other at the same moment leave exactly one active admin', async () => {
    const seeded = await adminToken(t);
    const seededId = (await api(t).get('/api/user/user-details').set(bearer(seeded))).body.data._id as string;
    let survivor = await newAdmin();
    expect((await suspend(survivor.token, seededId)).status).toBe(200);

    for (let round = 0; round < 5; round++) {
      const rival = await newAdmin();
      expect(await activeAdmins()).toHaveLength(2);
      const [a, b] = await Promise.all([suspend(survivor.token, rival.id), suspend(rival.token, survivor.id)]);
      const answers = [a, b];
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      // The loser was refused: as the last admin (409), or because its own account was just disabled.
      const refused = answers.find((r) => r.status !== 200)!;
      expect([401, 403, 409]).toContain(refused.status);
      if (refused.status === 409) {
        expect(refused.body).toMatchObject({ code: ErrorCode.LastAdmin });
        expect(refused.body.message).toMatch(/last active administrator/);
      }
      const left = await activeAdmins();
      expect(left).toHaveLength(1);
      survivor = a.status === 200 ? survivor : rival;
      expect(left).toEqual([survivor.id]);
    }
  });
});
