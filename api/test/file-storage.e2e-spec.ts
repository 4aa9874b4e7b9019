import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { loadConfig } from '../src/config/config.js';
import { PostgresFileStorage, S3FileStorage, moveUploads } from '../src/files/index.js';
import { DB_KINDS, PORTABLE_DB_KINDS, adminToken, api, bearer, migratedDataDir, startApp, startTwoInstances, type TestApp } from './harness.js';
import { describeWhenEnv } from './describe-when-env.js';

/**
 * Pictures every instance can serve: FILE_STORAGE=postgres (docs/decisions/0212-pictures-every-instance-can-serve.md)
 * and FILE_STORAGE=s3, against s3rver, an S3-compatible server run inside this process
 * (docs/decisions/0212-pictures-every-instance-can-serve.md).
 */
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
    const table = new PostgresFileStorage(local.db);
    expect(await moveUploads(table, local.config.uploadsDir)).toEqual({ copied: 2, kept: 0 });
    expect(await moveUploads(table, local.config.uploadsDir)).toEqual({ copied: 0, kept: 2 });
    const moved = await second(local, { FILE_STORAGE: 'postgres' });
    await expectServed(moved, large, 900);
    await expectServed(moved, small, 400);
  });

  it('a name outside the upload pattern is a JSON 404 before any read, and a failed read is the envelope, never SQL text', async () => {
    // No second app on its database: a PGlite one is lent a database by the harness, no folder to open.
    const t = await startApp(kind, { FILE_STORAGE: 'postgres' });
    apps.push(t);
    for (const path of ['/uploads/%00.png', '/uploads/%00-large.webp', '/uploads/..%2Fsecret.png', '/uploads/.hidden.webp', '/uploads/a.txt']) {
      const res = await api(t).get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'NOT_FOUND']);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    // A read the database refuses (its table gone): the shop's 500, the query's text nowhere.
    // Renamed back whatever happens: the lent database goes to the next app (a rename changes no count it is checked by).
    await t.db.execute(sql`alter table stored_files rename to stored_files_gone`);
    try {
      const res = await api(t).get('/uploads/img1-large.webp');
      expect([res.status, res.body.code, res.body.success]).toEqual([500, 'INTERNAL', false]);
      expect(res.text).not.toMatch(/select|stored_files|from /i);
    } finally {
      await t.db.execute(sql`alter table stored_files_gone rename to stored_files`);
    }
  });
});

const base = process.env.TEST_DATABASE_URL;
(base ? describe : describe.skip)('pictures in the database during an outage (postgres; PGlite, embedded, cannot lose a connection)', () => {
  it('answers 503 + Retry-After in the envelope while the database refuses connections, then serves again', async () => {
    const t = await startApp('postgres', { FILE_STORAGE: 'postgres' });
    const dbName = new URL(t.config.databaseUrl as string).pathname.slice(1);
    const killer = new pg.Client({ connectionString: base });
    await killer.connect();
    try {
      const { large } = await upload(t);
      await killer.query(`alter database ${dbName} with allow_connections false`);
      await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      const res = await api(t).get(large);
      expect([res.status, res.body.code, res.headers['retry-after']]).toEqual([503, 'DATABASE_UNAVAILABLE', '2']);
      expect(res.text).not.toMatch(/select|stored_files/i);
      await killer.query(`alter database ${dbName} with allow_connections true`);
      await expectServed(t, large, 900);
    } finally {
      await killer.query(`alter database ${dbName} with allow_connections true`).catch(() => undefined);
      await killer.end();
      await t.close();
    }
  });
});

/** An S3-compatible server on a free port of this machine, its objects in a temporary folder. */
let s3: { server: S3rver; endpoint: string; dir: string } | undefined;
let buckets = 0;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'haat-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  s3 = { server, endpoint: `http://127.0.0.1:${port}`, dir };
});
afterAll(async () => {
  await s3?.server.close();
  if (s3) rmSync(s3.dir, { recursive: true, force: true });
});

/** The settings of a new, empty bucket on that server (s3rver checks signatures made with its own keys). */
async function newBucket(): Promise<Record<string, string>> {
  const env = {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: (s3 as { endpoint: string }).endpoint,
    S3_BUCKET: `haat-test-${process.pid}-${++buckets}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  await bucketOf(env).client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  return env;
}

const bucketOf = (env: Record<string, string>) => new S3FileStorage(loadConfig({ DATA_DIR: tmpdir(), ...env }).s3);

describe.each(PORTABLE_DB_KINDS)('pictures in an S3-compatible bucket (%s)', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    apps.length = 0;
  });
  const start = async (env: Record<string, string>) => {
    const app = await startApp(kind, env);
    apps.push(app);
    return app;
  };

  it('stores both sizes as objects of the bucket, none in a data folder, and an app on another database serves them', async () => {
    const env = await newBucket();
    const first = await start(env);
    const { large, small } = await upload(first);
    expect(existsSync(first.config.uploadsDir) ? readdirSync(first.config.uploadsDir) : []).toEqual([]);
    const bucket = bucketOf(env);
    const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET }));
    expect((listed.Contents ?? []).map((o) => `/uploads/${o.Key}`).sort()).toEqual([large, small].sort());
    const head = await bucket.client.send(new HeadObjectCommand({ Bucket: env.S3_BUCKET, Key: large.slice('/uploads/'.length) }));
    expect(head.ContentType).toBe('image/webp');
    // Nothing but the bucket in common: its own database and data folder.
    const other = await start(env);
    expect(other.config.dataDir).not.toBe(first.config.dataDir);
    await expectServed(other, large, 900);
    await expectServed(other, small, 400);
    const missing = await api(other).get('/uploads/nothing-large.webp');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });

  it('removes what it stored, and a missing name is no error', async () => {
    const env = await newBucket();
    const bucket = bucketOf(env);
    await bucket.put('gone-large.webp', Buffer.from('x'), 'image/webp');
    expect(await bucket.has('gone-large.webp')).toBe(true);
    await bucket.remove('gone-large.webp');
    expect(await bucket.has('gone-large.webp')).toBe(false);
    expect(await bucket.read('gone-large.webp')).toBeUndefined();
    await expect(bucket.remove('never-there.webp')).resolves.toBeUndefined();
  });

  it('uploads:move copies the local folder into the bucket, so the URLs already stored keep working', async () => {
    const env = await newBucket();
    const local = await start({});
    const { large, small } = await upload(local);
    const bucket = bucketOf(env);
    expect(await moveUploads(bucket, local.config.uploadsDir)).toEqual({ copied: 2, kept: 0 });
    expect(await moveUploads(bucket, local.config.uploadsDir)).toEqual({ copied: 0, kept: 2 });
    const moved = await start(env);
    await expectServed(moved, large, 900);
    await expectServed(moved, small, 400);
  });

  it('a bucket that is not there, or keys it refuses, answer a JSON 503 to retry, never a 500', async () => {
    const good = await newBucket();
    for (const env of [
      { ...good, S3_BUCKET: `haat-test-${process.pid}-missing` },
      { ...good, S3_ACCESS_KEY_ID: 'someone-else', S3_SECRET_ACCESS_KEY: 'not-the-key' },
    ]) {
      const app = await start(env);
      const res = await api(app)
        .post('/api/file/upload')
        .set(bearer(await adminToken(app)))
        .attach('file', await picture(), 'p.png');
      expect([res.status, res.body.code]).toEqual([503, 'BUSY']);
      const read = await api(app).get('/uploads/anything-large.webp');
      expect([read.status, read.body.code]).toEqual([503, 'BUSY']);
    }
    // The real bucket got nothing from either.
    const listed = await bucketOf(good).client.send(new ListObjectsV2Command({ Bucket: good.S3_BUCKET }));
    expect(listed.Contents ?? []).toEqual([]);
  });
});

describe('FILE_STORAGE=s3 settings', () => {
  it('refuses to start without a bucket, or with half a key pair, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET: is required with FILE_STORAGE=s3/);
    expect(() => loadConfig({ DATA_DIR: tmpdir(), FILE_STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ DATA_DIR: tmpdir(), FILE_STORAGE: 's3', S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('puts the bucket in the path for a server named by S3_ENDPOINT, and in the host name for Amazon S3', () => {
    expect(loadConfig({ DATA_DIR: tmpdir(), FILE_STORAGE: 's3', S3_BUCKET: 'pics', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3.forcePathStyle).toBe(true);
    expect(loadConfig({ DATA_DIR: tmpdir(), FILE_STORAGE: 's3', S3_BUCKET: 'pics' }).s3.forcePathStyle).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tmpdir(), FILE_STORAGE: 's3', S3_BUCKET: 'pics', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).s3
        .forcePathStyle,
    ).toBe(false);
  });
});

describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], 'a picture uploaded on one instance is served by the other', () => {
  it.each(['postgres', 's3'])('serves both sizes from the second instance (FILE_STORAGE=%s)', async (storage) => {
    const two = await startTwoInstances(storage === 's3' ? await newBucket() : { FILE_STORAGE: 'postgres' });
    try {
      const { large, small } = await upload(two.a);
      await expectServed(two.b, large, 900);
      await expectServed(two.b, small, 400);
    } finally {
      await two.close();
    }
  });
});
