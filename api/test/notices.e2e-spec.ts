import { rmSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_NOTICE_CONSENTS } from '@haat/shared/notices/notice-consents';
import { shopperMail } from '../src/mail/index.js';
import { NoticeWorker, NoticesService } from '../src/notices/index.js';
import { noticeJobs } from '../src/notices/notice-jobs.table.js';
import { PORTABLE_DB_KINDS, api, bearer, migratedDataDir, newCustomer, scratchPostgres, startApp, type DbKind, type TestApp } from './harness.js';
import { mailsTo, waitForMail } from './accounts-fixtures.js';
import { waitUntil } from './wait-until.js';

/** A mail's header, its folded lines joined. */
const header = (mail: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(mail)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

const returnMail = (key: string, userId: string) =>
  shopperMail(key, {
    userId,
    topic: 'orderUpdates',
    kind: 'returnUpdate',
    values: { orderId: 'ORD-1', amount: '250.00' },
    words: { status: 'returnStatus.APPROVED' },
  });

describe.each(PORTABLE_DB_KINDS)('notices and consent on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { PUBLIC_URL: 'https://shop.test' });
  });
  afterAll(() => t.close());

  it('answers every switch, off but order updates by push and e-mail, stores them all, and names a bad one', async () => {
    const c = await newCustomer(t);
    const got = await api(t).get('/api/user/notices').set(bearer(c.token));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(DEFAULT_NOTICE_CONSENTS);
    const wanted = {
      orderUpdates: { push: false, whatsapp: false, email: true },
      backInStock: { push: true, whatsapp: false, email: true },
      priceDrops: { push: true, whatsapp: false, email: false },
    };
    const put = await api(t).put('/api/user/notices').set(bearer(c.token)).send(wanted);
    expect(put.status).toBe(200);
    expect((await api(t).get('/api/user/notices').set(bearer(c.token))).body.data).toEqual(wanted);

    const bad = await api(t)
      .put('/api/user/notices')
      .set(bearer(c.token))
      .set('Accept-Language', 'hi-IN')
      .send({ ...wanted, priceDrops: { push: 'yes', whatsapp: false, email: false } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(['priceDrops.push']);
    // WhatsApp needs the shop to send it and a verified number: refused, naming the switch, and nothing stored.
    const whatsapp = await api(t)
      .put('/api/user/notices')
      .set(bearer(c.token))
      .send({ ...wanted, backInStock: { push: true, whatsapp: true, email: true } });
    expect(whatsapp.status).toBe(409);
    expect(whatsapp.body.fields).toEqual(['backInStock.whatsapp']);
    expect((await api(t).get('/api/user/notices').set(bearer(c.token))).body.data).toEqual(wanted);
    expect((await api(t).get('/api/user/notices')).status).toBe(401);
  });

  it('puts a one-click unsubscribe on a notice e-mail; the signed link turns that switch off at once, for mails already queued too', async () => {
    const c = await newCustomer(t);
    const notices = t.app.get(NoticesService);
    await notices.enqueue(null, returnMail(`test:${c.id}:1`, c.id));
    const mail = await waitForMail(t, c.email);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/shop\.test\/api\/notices\/unsubscribe\?[^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    const path = link!.replace('https://shop.test', '');
    expect(header(mail, 'Message-ID')).toMatch(/^<[0-9a-f]{32}@notices\.haat>$/);

    // Opening it only asks (mail scanners open links); a forged signature is refused; the one click stops it.
    const page = await api(t).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Stop order updates by e-mail?');
    const forged = await api(t).post(path.replace(/s=[^&]+/, 's=AAAA'));
    expect(forged.status).toBe(400);
    expect(forged.body.fields).toEqual(['s']);
    const other = await api(t).post(path.replace(/u=[^&]+/, 'u=someone-else'));
    expect(other.status).toBe(400);

    // A mail queued before the click is not sent after it.
    await notices.enqueue(null, { ...returnMail(`test:${c.id}:2`, c.id), runAt: new Date(Date.now() + 1500) });
    const stopped = await api(t).post(path).type('form').send('List-Unsubscribe=One-Click');
    expect(stopped.status).toBe(200);
    expect(stopped.text).toContain('You will get no more order updates by e-mail.');
    expect((await api(t).get('/api/user/notices').set(bearer(c.token))).body.data.orderUpdates).toEqual({ push: true, whatsapp: false, email: false });
    const row = await waitUntil(
      async () =>
        (
          await t.db
            .select()
            .from(noticeJobs)
            .where(eq(noticeJobs.key, `mail:test:${c.id}:2`))
        )[0],
      {
        until: (r) => r?.state === 'done',
        timeoutMs: 8000,
        message: 'the queued mail settled',
      },
    );
    expect(row?.attempts).toBe(1);
    expect(await mailsTo(t, c.email)).toHaveLength(1);
  });
});

describe.each(PORTABLE_DB_KINDS)('the notice queue across a restart on %s', (kind: DbKind) => {
  it('sends after a restart what was queued, and what a dead instance held once its lease ended', async () => {
    const scratch = kind === 'postgres' ? await scratchPostgres({ migrated: true }) : null;
    const dataDir = await migratedDataDir('haat-notices-restart-');
    const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    try {
      let t = await startApp(kind, env);
      const c = await newCustomer(t);
      await t.app.get(NoticeWorker).idle();
      // One notice due after the app stops; one a killed instance had claimed, its lease over.
      await t.app.get(NoticesService).enqueue(null, { ...returnMail('restart:1', c.id), runAt: new Date(Date.now() + 60_000) });
      const held = returnMail('restart:2', c.id);
      const leaseEnd = new Date(Date.now() + 60_000);
      await t.db.insert(noticeJobs).values({
        id: 'held-by-the-dead',
        kind: held.kind,
        key: held.key,
        payload: held.payload,
        state: 'running',
        claim: 'a-dead-instance',
        attempts: 1,
        dueAt: leaseEnd,
      });
      expect(await mailsTo(t, c.email)).toHaveLength(0);
      await t.close();

      t = await startApp(kind, env);
      try {
        // A minute on: the first is due, the dead instance's lease is over.
        await t.db
          .update(noticeJobs)
          .set({ dueAt: new Date() })
          .where(inArray(noticeJobs.key, ['mail:restart:1', 'mail:restart:2']));
        await waitForMail(t, c.email, { nth: 2, timeoutMs: 8000 });
        const rows = await t.db.select({ key: noticeJobs.key, state: noticeJobs.state, attempts: noticeJobs.attempts }).from(noticeJobs);
        expect(rows.filter((r) => r.key.startsWith('mail:restart:')).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
          { key: 'mail:restart:1', state: 'done', attempts: 1 },
          { key: 'mail:restart:2', state: 'done', attempts: 2 },
        ]);
      } finally {
        await t.close();
      }
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a cap on sends (NOTICE_SENDS_PER_SECOND)', () => {
  it('starts no more notices than a second’s worth plus the rate over the time passed, and sends them all', async () => {
    const t = await startApp('pglite', { NOTICE_SENDS_PER_SECOND: '2' });
    try {
      const c = await newCustomer(t);
      await t.app.get(NoticeWorker).idle();
      const keys = Array.from({ length: 6 }, (_, i) => `capped:${c.id}:${i}`);
      const started = performance.now();
      await t.app.get(NoticesService).enqueue(
        null,
        keys.map((k) => returnMail(k, c.id)),
      );
      const samples: Array<{ ms: number; begun: number }> = [];
      await waitUntil(
        async () => {
          const rows = await t.db
            .select({ state: noticeJobs.state })
            .from(noticeJobs)
            .where(
              inArray(
                noticeJobs.key,
                keys.map((k) => `mail:${k}`),
              ),
            );
          samples.push({ ms: performance.now() - started, begun: rows.filter((r) => r.state !== 'queued').length });
          return rows.filter((r) => r.state === 'done').length;
        },
        { until: (n) => n === keys.length, timeoutMs: 15_000, message: 'every capped notice sent' },
      );
      // A full bucket (2) at once, then 2 a second: never more, however the machine is loaded.
      for (const s of samples) expect(s.begun).toBeLessThanOrEqual(2 + Math.floor((2 * s.ms) / 1000));
      expect(await mailsTo(t, c.email)).toHaveLength(keys.length);
    } finally {
      await t.close();
    }
  }, 60_000);
});
