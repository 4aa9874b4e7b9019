import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PORTABLE_DB_KINDS, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';

/**
 * No log line ever holds a password, hash, token, code or a shopper's address.
 * Database errors are forced for real (a CHECK constraint the next row breaks) during register,
 * login and adding an address, and every line the server logs is read back. The lines are taken at
 * the app's one logger (its destination, docs/decisions/0046-logs.md), not at process.stdout: pino
 * writes straight to file descriptor 1 unless stdout has been patched, so a patch on
 * process.stdout.write sees the lines in some test runners (jest in band) and none in others (jest's
 * workers). The positive checks (the SQLSTATE, the constraint, the route are in the log) keep the
 * negative ones honest: a capture that saw nothing would fail them.
 */
describe.each(PORTABLE_DB_KINDS)('logs keep secrets on %s', (kind) => {
  let t: TestApp;
  let captured: string[] = [];

  beforeAll(async () => {
    t = await startApp(kind, { LOG_LEVEL: 'warn' }, { write: (chunk: string) => void captured.push(chunk) });
  });
  afterAll(async () => {
    await t.close();
  });

  const logText = () => captured.join('');

  it('a database error during register logs the SQLSTATE and constraint, never the password, its hash or the e-mail', async () => {
    await t.db.execute(sql.raw(`alter table users add constraint log_test_no_new_users check (name <> 'Leaky Lakshmi') not valid`));
    captured = [];
    const email = 'lakshmi.secret@example.org';
    const password = 'Correct-Horse-Battery-9';
    const res = await api(t).post('/api/user/register').send({ name: 'Leaky Lakshmi', email, password, confirmPassword: password });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, error: true, code: 'INTERNAL' });

    const log = logText();
    expect(log).toContain('23514');
    expect(log).toContain('log_test_no_new_users');
    expect(log).toContain('/api/user/register');
    for (const secret of [password, email, 'lakshmi.secret', '$argon2', 'Leaky Lakshmi']) expect(log).not.toContain(secret);
    expect(JSON.stringify(res.body)).not.toContain('$argon2');
  });

  it('a database error during login logs no password and no token', async () => {
    const c = await newCustomer(t, 'Token Tara');
    await t.db.execute(sql.raw(`alter table refresh_sessions add constraint log_test_no_sessions check (false) not valid`));
    captured = [];
    const res = await api(t).post('/api/user/login').send({ email: c.email, password: c.password });
    await t.db.execute(sql.raw(`alter table refresh_sessions drop constraint log_test_no_sessions`));
    expect(res.status).toBe(500);
    const log = logText();
    expect(log).toContain('log_test_no_sessions');
    for (const secret of [c.password, c.email, 'eyJ', '$argon2']) expect(log).not.toContain(secret);
  });

  it("a database error while saving an address logs none of the shopper's address", async () => {
    const c = await newCustomer(t, 'Address Anil');
    const tokens = await login(t, c.email, c.password);
    await t.db.execute(sql.raw(`alter table addresses add constraint log_test_no_addresses check (false) not valid`));
    captured = [];
    const address = {
      name: 'Anil Kumar',
      building: 'Flat 9Z, Hidden Heights',
      address_line: '77 Secret Lane',
      district: 'Quietpur',
      city: 'Mysteryville',
      state: 'Karnataka',
      country: 'India',
      pincode: '560099',
      mobile: '9123456780',
    };
    const res = await api(t).post('/api/address/create').set(bearer(tokens.accesstoken)).send(address);
    expect(res.status).toBe(500);
    const log = logText();
    expect(log).toContain('log_test_no_addresses');
    for (const value of ['Hidden Heights', 'Secret Lane', 'Quietpur', 'Mysteryville', '560099', '9123456780', 'Anil Kumar']) expect(log).not.toContain(value);
  });
});

describe('the generated admin password (pglite)', () => {
  it('is written to an owner-only file, and the log names the file, never the password', async () => {
    const captured: string[] = [];
    const t = await startApp('pglite', { LOG_LEVEL: 'warn', ADMIN_PASSWORD: '' }, { write: (chunk: string) => void captured.push(chunk) });
    try {
      const file = join(t.config.dataDir, 'admin-password.txt');
      const password = readFileSync(file, 'utf8').trim();
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(captured.join('')).toContain(file);
      expect(captured.join('')).not.toContain(password);
      await login(t, t.config.adminEmail!, password);
    } finally {
      await t.close();
    }
  });
});
