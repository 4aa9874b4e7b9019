import { rmSync } from 'node:fs';
import { MIGRATIONS_DIR } from '../src/db/database.js';
import { DB_KINDS } from './harness.js';
import { migrationsBefore, openMigrationDb, type MigrationDb } from './migration-db.js';

/**
 * The migration to one job table (docs/architecture.md#jobs), run on a shop made before it: notices queued, one held
 * by an instance (its lease not over), one sent, one failed; an import done, one failed and one running. Every notice
 * is a job as it stood, nothing queued lost; every import keeps the figures its screen shows; and the database's own
 * notices (a price drop from the catalogue's trigger) are queued on the one table.
 */
describe.each(DB_KINDS)('the job table migration on %s', (kind) => {
  let db: MigrationDb;
  let before: string;

  beforeAll(async () => {
    db = await openMigrationDb(kind);
    before = migrationsBefore('0047_one-job-table');
    await db.migrate(before);
    await db.exec(`
      insert into notice_jobs (id, kind, key, payload, bulk, state, attempts, due_at, claim, last_error, created_at, finished_at) values
        ('n1', 'push', 'push:one', '{"to":"a"}', false, 'queued', 0, '2026-01-01T00:00:00Z', null, null, '2026-01-01T00:00:00Z', null),
        ('n2', 'back-in-stock.tell', 'tell:two', '{"wait":"w"}', true, 'running', 1, '2099-01-01T00:00:00Z', 'a-claim', null, '2026-01-01T00:00:00Z', null),
        ('n3', 'mail', 'mail:three', '{}', false, 'done', 1, '2026-01-01T00:00:00Z', null, null, '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z'),
        ('n4', 'whatsapp', 'whatsapp:four', '{}', false, 'failed', 7, '2026-01-02T00:00:00Z', null, 'refused', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z');
      insert into catalog_import_jobs (id, admin_id, state, total, done, creates, updates, unchanged, conflicts, skipped, error_count, errors, conflict_rows, created_at, heartbeat_at) values
        ('i1', null, 'done', 3, 3, 2, 1, 0, 0, 0, 0, '[]', '[]', '2026-01-01T00:00:00Z', '2026-01-01T00:02:00Z'),
        ('i2', null, 'failed', 2, 1, 1, 0, 0, 0, 0, 1, '[{"row":3,"column":"sku","message":"bad"}]', '[]', '2026-01-01T00:00:00Z', '2026-01-01T00:03:00Z'),
        ('i3', null, 'running', 500, 100, 100, 0, 0, 0, 0, 0, '[]', '[]', '2026-01-01T00:00:00Z', '2026-01-01T00:04:00Z');
      insert into products (id, name, sku, unit, product_type, price, discount, publish, created_at) values ('p1', 'Atta', 'ATTA-1', 'pack', 'fixed', 100, 0, true, now());
      insert into users (id, name, email) values ('u1', 'Asha', 'asha@jobs.test');
      insert into wishlist_items (user_id, product_id, known_paise) values ('u1', 'p1', 10000);
    `);
    await db.migrate(MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('keeps every notice as a job as it stood: queued, held until its lease ends, sent, failed', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select id, kind, key, payload, bulk, state, attempts, due_at::text as due, fence, last_error from jobs where id like 'n%' order by id`,
    );
    expect(rows).toEqual([
      {
        id: 'n1',
        kind: 'push',
        key: 'push:one',
        payload: { to: 'a' },
        bulk: false,
        state: 'queued',
        attempts: 0,
        due: expect.stringMatching(/^2026-01-01/),
        fence: null,
        last_error: null,
      },
      {
        id: 'n2',
        kind: 'back-in-stock.tell',
        key: 'tell:two',
        payload: { wait: 'w' },
        bulk: true,
        state: 'running',
        attempts: 1,
        due: expect.stringMatching(/^2099-01-01/),
        fence: null,
        last_error: null,
      },
      {
        id: 'n3',
        kind: 'mail',
        key: 'mail:three',
        payload: {},
        bulk: false,
        state: 'done',
        attempts: 1,
        due: expect.any(String),
        fence: null,
        last_error: null,
      },
      {
        id: 'n4',
        kind: 'whatsapp',
        key: 'whatsapp:four',
        payload: {},
        bulk: false,
        state: 'failed',
        attempts: 7,
        due: expect.any(String),
        fence: null,
        last_error: 'refused',
      },
    ]);
  });

  it('keeps every import with the figures its screen shows; one that was running is failed, to be imported again', async () => {
    const rows = await db.query<{ key: string; state: string; progress: Record<string, unknown>; last_error: string | null }>(
      `select key, state, progress, last_error from jobs where kind = 'catalog-import' order by key`,
    );
    expect(rows.map((r) => [r.key, r.state, r.progress.state, r.progress.total, r.progress.done, r.progress.creates])).toEqual([
      ['catalog-import:i1', 'done', 'done', 3, 3, 2],
      ['catalog-import:i2', 'failed', 'failed', 2, 1, 1],
      ['catalog-import:i3', 'failed', 'failed', 500, 100, 100],
    ]);
    expect(rows[1]!.progress.errors).toEqual([{ row: 3, column: 'sku', message: 'bad' }]);
    expect(rows[2]!.last_error).toMatch(/import the file again/);
  });

  it('drops the two old tables, and the database queues its notices on the one table', async () => {
    const old = await db.query<{ n: number }>(`select count(*)::int as n from pg_tables where tablename in ('notice_jobs', 'catalog_import_jobs')`);
    expect(old[0]!.n).toBe(0);
    await db.exec(`update products set price = 80 where id = 'p1'`);
    const drops = await db.query<{ kind: string; payload: Record<string, unknown> }>(`select kind, payload from jobs where kind = 'price-drop'`);
    expect(drops).toEqual([{ kind: 'price-drop', payload: { userId: 'u1', productId: 'p1', fromPaise: 10000, toPaise: 8000 } }]);
  });
});
