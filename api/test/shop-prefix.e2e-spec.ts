import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { migratedDataDir, migratedPostgresTemplate, scratchPostgres, startApp, type TestApp } from './harness.js';
import { describeWhenEnv } from './describe-when-env.js';

/**
 * The default Redis prefix is the shop's own id, made once and kept in its database
 * (docs/decisions/0048-several-instances.md), not a hash of where the database is: two
 * containers of one image (one DATA_DIR path, one DATABASE_URL string) are two shops, and two
 * addresses of one database are one shop.
 */
const PREFIX = /^haat:[0-9a-f]{12}:$/;

describe('the Redis prefix on PGlite', () => {
  const dirs: string[] = [];
  const open: TestApp[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'haat-prefix-'));
    dirs.push(d);
    return d;
  };
  // A new shop's folder: its database migrated (a copy of the harness's template), no shop id yet.
  const newShopDir = async () => {
    const d = await migratedDataDir('haat-prefix-');
    dirs.push(d);
    return d;
  };
  const start = async (env: Record<string, string>) => {
    const t = await startApp('pglite', env);
    open.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of open.splice(0)) await t.close().catch(() => undefined);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('differs between two shops, and stays the same when a shop restarts on its data', async () => {
    const first = await newShopDir();
    const a = await start({ DATA_DIR: first });
    // The other shop needs no folder of its own to keep: the harness lends it a migrated database, also without a shop id.
    const b = await start({});
    expect(a.config.redisPrefix).toMatch(PREFIX);
    expect(b.config.redisPrefix).toMatch(PREFIX);
    expect(a.config.redisPrefix).not.toBe(b.config.redisPrefix);
    const before = a.config.redisPrefix;
    await a.close();
    open.splice(open.indexOf(a), 1);
    const again = await start({ DATA_DIR: first });
    expect(again.config.redisPrefix).toBe(before);
  });

  it('differs for a new shop at the same DATA_DIR path (another container of the same image)', async () => {
    const path = await newShopDir();
    const a = await start({ DATA_DIR: path });
    const prefix = a.config.redisPrefix;
    await a.close();
    open.splice(open.indexOf(a), 1);
    // The other container's disk: the same path, a new shop's database in it.
    rmSync(path, { recursive: true, force: true });
    renameSync(await newShopDir(), path);
    const b = await start({ DATA_DIR: path });
    expect(b.config.redisPrefix).toMatch(PREFIX);
    expect(b.config.redisPrefix).not.toBe(prefix);
  });

  it('is REDIS_PREFIX when set', async () => {
    const t = await start({ REDIS_PREFIX: 'shop-x' });
    expect(t.config.redisPrefix).toBe('shop-x:');
    expect(loadConfig({ DATA_DIR: dir(), REDIS_PREFIX: 'shop-y:' }).redisPrefix).toBe('shop-y:');
  });
});

describeWhenEnv(['TEST_DATABASE_URL'], 'the Redis prefix on PostgreSQL', () => {
  const open: TestApp[] = [];
  const drops: Array<() => Promise<void>> = [];
  // A new shop's database: migrated (a copy of the harness's template), no shop id yet; migrating an
  // empty database stays tested by seed-persistence (docs/testing.md).
  const scratch = async () => {
    const s = await scratchPostgres({ migrated: true });
    drops.push(s.drop);
    return s.url;
  };
  const start = async (env: Record<string, string>) => {
    const t = await startApp('postgres', env);
    open.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of open.splice(0)) await t.close().catch(() => undefined);
    for (const drop of drops) await drop();
  });

  it('is the same for two instances on one database, even reached by two different addresses', async () => {
    const url = await scratch();
    const other = new URL(url);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const a = await start({ DATABASE_URL: url });
    const b = await start({ DATABASE_URL: other.toString() });
    expect(a.config.redisPrefix).toMatch(PREFIX);
    expect(b.config.redisPrefix).toBe(a.config.redisPrefix);
  });

  it('differs between two databases, and for a database made anew under the same name', async () => {
    const url = await scratch();
    const a = await start({ DATABASE_URL: url });
    const b = await start({ DATABASE_URL: await scratch() });
    expect(b.config.redisPrefix).not.toBe(a.config.redisPrefix);
    const prefix = a.config.redisPrefix;
    await a.close();
    open.splice(open.indexOf(a), 1);
    // Another shop's server with a database of the same name (one image, one DATABASE_URL string).
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name} template ${await migratedPostgresTemplate()}`);
    await admin.end();
    const c = await start({ DATABASE_URL: url });
    expect(c.config.redisPrefix).toMatch(PREFIX);
    expect(c.config.redisPrefix).not.toBe(prefix);
  });

  it('is REDIS_PREFIX when set, whatever the database holds', async () => {
    const url = await scratch();
    await start({ DATABASE_URL: url });
    const t = await start({ DATABASE_URL: url, REDIS_PREFIX: 'explicit-shop' });
    expect(t.config.redisPrefix).toBe('explicit-shop:');
  });
});
