import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import request from 'supertest';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { createApp } from '../src/app.factory.js';
import { DB, type Db } from '../src/db/database.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { email: 'admin@test.local', password: 'admin-pass-123' };

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<NestFastifyApplication['getHttpServer']>;
  config: AppConfig;
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/** A fresh database on the PostgreSQL server named by TEST_DATABASE_URL; dropped on close. */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `haat_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts the real server (every module, real database) on a fresh data dir, listening on an
 * ephemeral port. `env` adds or overrides environment variables (e.g. SEED, GOOGLE_CLIENT_ID).
 */
export async function startApp(kind: DbKind = 'pglite', env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'haat-test-'));
  const scratch = kind === 'postgres' && !env.DATABASE_URL ? await scratchPostgres() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'error',
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_FACTOR: '1000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    http: app.getHttpServer(),
    config,
    db: app.get<Db>(DB),
    kind,
    async close() {
      await app.close();
      if (scratch) await scratch.drop();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function api(t: TestApp) {
  return request(t.http);
}

export async function login(t: TestApp, email: string, password: string): Promise<{ accesstoken: string; refreshToken: string }> {
  const res = await api(t).post('/api/user/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function adminToken(t: TestApp): Promise<string> {
  return (await login(t, ADMIN.email, ADMIN.password)).accesstoken;
}

let customerCounter = 0;
/** Registers and signs in a new customer; answers their token and id. */
export async function newCustomer(
  t: TestApp,
  name = 'Test Customer',
): Promise<{ token: string; refreshToken: string; id: string; email: string; password: string }> {
  const email = `c${Date.now().toString(36)}${customerCounter++}@test.local`;
  const password = 'customer-pass-1';
  const reg = await api(t).post('/api/user/register').send({ name, email, password, confirmPassword: password });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const tokens = await login(t, email, password);
  return { token: tokens.accesstoken, refreshToken: tokens.refreshToken, id: reg.body.data._id, email, password };
}

/** A fresh app for one describe block, with an admin's token and a new customer's (one line in a beforeAll). */
export async function startWithUsers(kind: DbKind, env: Record<string, string> = {}): Promise<{ t: TestApp; admin: string; customer: string }> {
  const t = await startApp(kind, env);
  return { t, admin: await adminToken(t), customer: (await newCustomer(t)).token };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two instances of the shop on one scratch PostgreSQL database and the Redis of REDIS_URL, with the
 * same signing secrets, as in any multi-instance deployment (a token works on either).
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  const scratch = await scratchPostgres();
  const shared = {
    DATABASE_URL: scratch.url,
    REDIS_URL: process.env.REDIS_URL as string,
    JWT_ACCESS_SECRET: 'two-instance-access-secret-0123456789',
    JWT_REFRESH_SECRET: 'two-instance-refresh-secret-0123456789',
  };
  const a = await startApp('postgres', shared);
  const b = await startApp('postgres', shared);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}
