import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { moveUploads } from '../src/files/index.js';
import { DB_KINDS, adminToken, api, bearer, migratedDataDir, startApp, startTwoInstances, type TestApp } from './harness.js';
import { describeWhenEnv } from './describe-when-env.js';

/** Pictures every instance can serve: FILE_STORAGE=postgres (docs/decisions/0212-pictures-in-postgresql.md). */
const picture = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa6633' } })
    .png()
    .toBuffer();

async function upload(t: TestApp): Promise<{ large: string; small: string }> {
  const res = await api(t)
    .post('/api/file/upload')
    .set(bearer(await adminToken(t)))
    .attach('file', await picture(), 'p.png');
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return { large: new URL(res.body.data.url).pathname, small: new URL(res.body.data.small).pathname };
}

async function expectServed(t: TestApp, path: string, width: number): Promise<void> {
  const res = await api(t).get(path).buffer(true);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(res.body as Buffer).metadata()).width).toBe(width);
  const again = await api(t)
    .get(path)
    .set('If-None-Match', res.headers.etag as string);
  expect(again.status).toBe(304);
}

/**
 * A second app on the first one's database, with a data folder of its own. PGlite has one app at a
 * time on its folder, so there the first closes and the second opens the same database after it.
 */
async function secondApp(first: TestApp, env: Record<string, string>): Promise<TestApp> {
  if (first.kind === 'postgres') return startApp('postgres', { ...env, DATABASE_URL: first.config.databaseUrl as string });
  await first.close();
  rmSync(first.config.uploadsDir, { recursive: true, force: true });
  return startApp('pglite', { ...env, DATA_DIR: first.config.dataDir });
}

describe.each(DB_KINDS)('pictures in the database (%s)', (kind) => {
  let dataDir: string;
  const apps: TestApp[] = [];
  beforeEach(async () => {
    dataDir = kind === 'pglite' ? await migratedDataDir() : mkdtempSync(join(tmpdir(), 'haat-test-'));
  });
  afterEach(async () => {
    // The second app first: the first one's close drops its scratch PostgreSQL database.
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    apps.length = 0;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const app = await startApp(kind, { ...env, DATA_DIR: dataDir });
    apps.push(app);
    return app;
  };
  const second = async (first: TestApp, env: Record<string, string>) => {
    const app = await secondApp(first, env);
    // A PGlite first app was closed to make way for the second.
    if (first.kind === 'pglite') apps.splice(apps.indexOf(first), 1);
    apps.push(app);
    return app;
  };

  it('stores both sizes in the table, none in a data folder, and a second app on the database serves them', async () => {
    const first = await start({ FILE_STORAGE: 'postgres' });
    const { large, small } = await upload(first);
    expect(existsSync(first.config.uploadsDir) ? readdirSync(first.config.uploadsDir) : []).toEqual([]);
    const other = await second(first, { FILE_STORAGE: 'postgres' });
    await expectServed(other, large, 900);
    await expectServed(other, small, 400);
    expect((await api(other).get('/uploads/nothing-large.webp')).status).toBe(404);
  });

  it('uploads:move copies the local folder into the table, so the URLs already stored keep working', async () => {
    const local = await start({});
    const { large, small } = await upload(local);
    expect(await moveUploads(local.db, local.config.uploadsDir)).toEqual({ copied: 2, kept: 0 });
    expect(await moveUploads(local.db, local.config.uploadsDir)).toEqual({ copied: 0, kept: 2 });
    const moved = await second(local, { FILE_STORAGE: 'postgres' });
    await expectServed(moved, large, 900);
    await expectServed(moved, small, 400);
  });
});

describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], 'a picture uploaded on one instance is served by the other', () => {
  it('serves both sizes from the second instance', async () => {
    const two = await startTwoInstances({ FILE_STORAGE: 'postgres' });
    try {
      const { large, small } = await upload(two.a);
      await expectServed(two.b, large, 900);
      await expectServed(two.b, small, 400);
    } finally {
      await two.close();
    }
  });
});
