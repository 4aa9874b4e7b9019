/**
 * The test apps' databases: PGlite folders copied from a migrated template and brought back to it between apps, and
 * scratch databases on TEST_DATABASE_URL's server made from a migrated template (docs/testing.md). harness.ts lends
 * them to the apps it starts.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/database.js';

/**
 * The test template's own postgresql.conf lines, after initdb's (the last setting wins). PostgreSQL
 * reads them at every start of a copy, through the app's usual code path. initdb's 128 MB of shared
 * buffers are allocated and zeroed inside PGlite's WebAssembly memory at each start (≈ 0.4 CPU-s, a
 * third of a test app's start); a test database of a few MB needs far fewer
 * (docs/testing.md). A shop's own data folder keeps initdb's settings.
 */
const TEST_PGLITE_CONF = `\n# Test template only (api/test/test-databases.ts)\nshared_buffers = 16MB\n`;

/**
 * What a migrated database holds depends on the migrations, the PGlite build and the lines above
 * only: a template made from other ones is never used (its name carries this fingerprint).
 */
const PGLITE_VERSION = (() => {
  const pglite = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  return existsSync(pglite) ? (JSON.parse(readFileSync(pglite, 'utf8')).version as string) : '';
})();
const TEMPLATE_KEY = (() => {
  const hash = createHash('sha256').update(TEST_PGLITE_CONF);
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_DIR, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  hash.update(PGLITE_VERSION);
  return hash.digest('hex').slice(0, 12);
})();

/**
 * A PGlite data folder as initdb leaves it (no migration yet), made once per machine and PGlite build and
 * renamed into place like pgliteTemplate(); each call answers a new copy, to delete after use. For a
 * migration's test (test/migration-db.ts), which migrates it up to a point: initdb costs ≈ 2–3 CPU-s in a jest
 * worker, a copy and its opening ≈ 0.3. Starting a shop on an empty data folder, initdb included, stays
 * tested by seed-persistence.
 */
export async function unmigratedPGliteDir(): Promise<string> {
  const key = createHash('sha256').update(TEST_PGLITE_CONF).update(PGLITE_VERSION).digest('hex').slice(0, 12);
  const template = join(tmpdir(), `haat-test-pglite-initdb-${key}`);
  if (!existsSync(join(template, 'db'))) {
    const building = mkdtempSync(join(tmpdir(), `haat-test-pglite-initdb-${key}-making-`));
    const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create(join(building, 'db'))).close();
    appendFileSync(join(building, 'db', 'postgresql.conf'), TEST_PGLITE_CONF);
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-migrating-'));
  cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * A PGlite data folder with every migration applied, made once per machine and migration set and
 * copied for each test app: a fresh PGlite spends ~5 s in initdb and the migrations, a copy ~0.1 s.
 * Made under another name and renamed into place, so a reader never sees half of one, and two jest
 * workers making it at once both succeed (the second's rename fails and its copy is removed).
 */
async function pgliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), `haat-test-pglite-${TEMPLATE_KEY}`);
  if (existsSync(join(dir, 'db'))) return dir;
  const building = mkdtempSync(join(tmpdir(), `haat-test-pglite-${TEMPLATE_KEY}-making-`));
  const handle = await openDatabase({ dataDir: building });
  await handle.close();
  appendFileSync(join(building, 'db', 'postgresql.conf'), TEST_PGLITE_CONF);
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * A new, empty DATA_DIR whose PGlite database already has every migration applied (a copy of
 * pgliteTemplate()) and nothing else: no shop id, no admin, no secrets yet. For a test that starts
 * an app on a folder of its own (a restart on the same data, the Redis prefix of a new shop) without
 * paying initdb and the migrations again; migrating an empty folder stays tested by seed-persistence.
 */
export async function migratedDataDir(prefix = 'haat-test-'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(await pgliteTemplate(), 'db'), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * Open PGlites lent to the test apps that would each open a copy of the template (most of them): opening
 * one costs ≈ 0.3 CPU-s in a jest worker, and copying and deleting its folder ≈ 0.1; bringing a used one
 * back to the template's state ≈ 0.05 (docs/testing.md). A database is lent to one app at a time, through
 * a revocable proxy, so the app that gave it back can no longer reach it. Before it is lent again, its
 * rows are deleted, the template's own rows (the migrations' synonyms) put back, its sequences restarted
 * and its session discarded (DISCARD ALL: prepared statements, temporary tables, settings); the catalogue
 * is then compared with the template's (how many rows each catalogue holds, and every user column's type, so that a
 * column a test narrowed counts too), and a database whose schema or planner statistics differ (a migration a test
 * ran, an ANALYZE after a demo seed) is closed instead of lent. The pool lives as long
 * as the module graph (one jest file, or one part of them: test/test-parts.js) and is closed after it.
 */
const CATALOGUE_FINGERPRINT = `select concat_ws('/', ${[
  'pg_class',
  'pg_attribute',
  'pg_statistic',
  'pg_proc',
  'pg_type',
  'pg_enum',
  'pg_namespace',
  'pg_extension',
  'pg_trigger',
  'pg_constraint',
  'pg_db_role_setting',
  'pg_authid',
  'drizzle.__drizzle_migrations',
]
  .map((table) => `(select count(*) from ${table})`)
  .join(', ')},
  (select md5(coalesce(string_agg(concat_ws(':', attrelid, attnum, atttypid, atttypmod, attnotnull, attisdropped), ',' order by attrelid, attnum), ''))
     from pg_attribute where attrelid >= 16384)) as fingerprint`;

export interface TemplateState {
  /** Every table outside PostgreSQL's own schemas and drizzle's. */
  tables: string[];
  /** The tables the migrations fill, with their rows as JSON and the columns to insert. */
  rows: Array<{ table: string; columns: string; json: string }>;
  sequences: Array<{ name: string; value: string; called: boolean }>;
  fingerprint: string;
}

export async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const fingerprint = (await client.query<{ fingerprint: string }>(CATALOGUE_FINGERPRINT)).rows[0]!.fingerprint;
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'drizzle') order by 1`,
    )
  ).rows.map((r) => r.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { json } = (await client.query<{ json: string }>(`select coalesce(json_agg(t), '[]')::text as json from ${table} t`)).rows[0]!;
    if (json === '[]') continue;
    const columns = (
      await client.query<{ name: string }>(
        `select quote_ident(attname) as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table],
      )
    ).rows
      .map((r) => r.name)
      .join(', ');
    rows.push({ table, columns, json });
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
         from pg_sequences where schemaname <> 'drizzle'`,
    )
  ).rows;
  return { tables, rows, sequences, fingerprint };
}

/** Brings a lent database back to the template's state; false when it can no longer be (see above). */
export async function resetToTemplate(client: PGlite, template: TemplateState): Promise<boolean> {
  const filled = template.tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(' union all ');
  const emptied = new Set([...(await client.query<{ name: string }>(filled)).rows.map((r) => r.name), ...template.rows.map((r) => r.table)]);
  await client.transaction(async (tx) => {
    // Foreign keys are triggers, which the replica role skips: the tables are emptied in any order.
    await tx.exec(`set local session_replication_role = replica; ${[...emptied].map((table) => `delete from ${table};`).join(' ')}`);
    for (const { table, columns, json } of template.rows)
      await tx.query(`insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1::json)`, [
        json,
      ]);
    for (const { name, value, called } of template.sequences) await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [name, value, called]);
  });
  await client.exec('discard all');
  return (await client.query<{ fingerprint: string }>(CATALOGUE_FINGERPRINT)).rows[0]!.fingerprint === template.fingerprint;
}

export interface Pooled {
  client: PGlite;
  dir: string;
}

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated database on the test server to copy (CREATE DATABASE … TEMPLATE, ~0.2 s instead of
 * ~1.5 s of migrations per test app), made once per server and migration set like pgliteTemplate().
 * Nothing connects to it after it is made (PostgreSQL copies only an unused template).
 */
async function postgresTemplate(base: string): Promise<string> {
  const name = `haat_tmpl_${TEMPLATE_KEY}`;
  const exists = await onServer(base, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
  if (exists) return name;
  const building = `${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(base, (c) => c.query(`create database ${building}`));
  const handle = await openDatabase({ databaseUrl: withDatabase(base, building), dataDir: tmpdir() });
  await handle.close();
  await onServer(base, async (c) => {
    // A closed pool's backends may still be ending; a database in use cannot be renamed.
    await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [building]);
    try {
      await c.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await c.query(`drop database if exists ${building} with (force)`);
      // Only another worker's template, made meanwhile, excuses a failed rename.
      if ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount !== 1) throw error;
    }
  });
  return name;
}

/**
 * The name of the migrated template database on TEST_DATABASE_URL's server (made if missing), for a test
 * that makes a database of its own name: `create database x template <it>` is a new shop's database,
 * migrated, with no shop id yet.
 */
export async function migratedPostgresTemplate(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return postgresTemplate(base);
}

/**
 * A fresh database on the PostgreSQL server named by TEST_DATABASE_URL; dropped on close. Empty, or
 * with every migration applied when `migrated` (a copy of postgresTemplate()).
 */
export async function scratchPostgres({ migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `haat_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = migrated ? await postgresTemplate(base) : null;
  await onServer(base, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: withDatabase(base, name),
    async drop() {
      await onServer(base, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
