import { mkdirSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { fileURLToPath } from 'node:url';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * A statement of constant text, run under its name: on PostgreSQL a named prepared statement, parsed
 * once per connection of the pool whose NamedStatement runs it. On the statement pool (the checkout's
 * cart and order statements) each is also planned once for any values
 * (docs/architecture.md#caches-batches-pools-and-plans); on the search pool
 * (searches, listing pages) PostgreSQL chooses when to plan again for the values at hand. On PGlite the
 * same text runs on its one connection. Its text is built once, when it is defined, from slots
 * (`${p.userId}`); each call only lists its values in slot order. Building the text with drizzle on
 * every call cost 10–20 µs of the API's CPU per statement (docs/benchmarks.md).
 */
export interface Statement<V extends object> {
  /** Undefined for a statement run unnamed: parsed and planned on every call (see statementOf). */
  readonly name: string | undefined;
  readonly text: string;
  /** The parameters of one call, in the order of the text's $1, $2… */
  readonly params: (values: V) => unknown[];
}

/** Where a statement's text takes one of its values (or a fixed piece of SQL). */
export type Slot = Placeholder | SQL;

/** The slots of a statement's values: each one a placeholder its text interpolates. */
export type Slots<V extends object> = { readonly [K in keyof V]: Placeholder<K & string> };

const dialect = new PgDialect();
const statementNames = new Set<string>();

/**
 * Defines a statement (see Statement): `build` is called once with the slots of its values. Values
 * that vary (ids, quantities, lists as one JSON text) go through slots; what `build` interpolates
 * otherwise is fixed in the text. A name is one text: defining it twice is a programming error.
 */
export function defineStatement<V extends object>(name: string, build: (slots: Slots<V>) => SQL): Statement<V> {
  if (statementNames.has(name)) throw new Error(`statement ${name} is defined twice`);
  statementNames.add(name);
  const slots = new Proxy({} as Slots<V>, { get: (_, key) => (typeof key === 'string' ? sql.placeholder(key) : undefined) });
  const { sql: text, params } = dialect.sqlToQuery(build(slots));
  const getters = params.map((param): ((values: V) => unknown) => {
    if (is(param, Placeholder)) {
      const key = param.name as keyof V;
      return (values) => values[key];
    }
    return () => param;
  });
  return { name, text, params: (values) => getters.map((get) => get(values)) };
}

/**
 * A statement whose text is known only at run time (a listing page's, which depends on its shape):
 * `query` rendered once with its values bound, named by `nameOf` from its text, or unnamed when that
 * gives undefined. The same text must always get the same name: PostgreSQL keeps one text per name
 * and connection. Run-time names are the caller's to keep apart from defineStatement's.
 */
export function statementOf(query: SQL, nameOf: (text: string) => string | undefined): Statement<object> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: nameOf(text), text, params: () => params };
}

/** Runs a Statement with one call's values. Rows come back as the driver gives them (times as Date on PostgreSQL, normalised by the callers). */
export type NamedStatement = <T, V extends object = object>(statement: Statement<V>, values: V) => Promise<T[]>;

/** What one connection pool holds now (for the metrics). PGlite counts as one connection, always in use. */
export interface PoolStats {
  pool: 'main' | 'statement' | 'search' | 'report';
  inUse: number;
  idle: number;
  max: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  /** See NamedStatement. */
  statement: NamedStatement;
  /**
   * A NamedStatement for searches and listing pages: on PostgreSQL its own small pool with the catalogue's
   * statement_timeout, so a burst of searches never starves other calls.
   */
  searchStatement: NamedStatement;
  /**
   * For the admin's reports (the overview's aggregates over every order): on PostgreSQL a pool of
   * its own of REPORT_POOL_SIZE connections, so reports asked for at once queue there and never hold
   * the connections that health checks, carts and orders need. The main pool's Db on PGlite.
   */
  reportDb: Db;
  kind: 'pglite' | 'postgres';
  /** Each pool's connections now. */
  pools(): PoolStats[];
  close(): Promise<void>;
}

export interface SearchPoolOptions {
  /** Connections of the search pool (PostgreSQL only). */
  size: number;
  /** statement_timeout of every search statement (PostgreSQL only; PGlite has no timer to cancel with). */
  timeoutMs: number;
}

/** How long a request waits for a pooled connection before it is answered 503 (see the filter). */
const CONNECT_TIMEOUT_MS = 5_000;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A PGlite lent for a data folder's database instead of one opened on the folder, and how it is given back. */
export interface LentPGlite {
  client: import('@electric-sql/pglite').PGlite;
  giveBack(): Promise<void>;
}

/**
 * Answers a PGlite for a data folder's `db` directory, or null to open the folder as usual. Unset in the
 * server: only the API's tests set one, to lend an open PGlite whose database they reset to the migrated
 * template instead of opening a copy of it for every test app (api/test/harness.ts, docs/testing.md).
 */
type PGliteLender = (dir: string) => Promise<LentPGlite | null>;
let pgliteLender: PGliteLender | null = null;
export function lendPGlite(lender: PGliteLender | null): void {
  pgliteLender = lender;
}

/** DATABASE_URL set → a `pg` pool; unset → PGlite persisted in `dataDir/db`. Migrations run here. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  search?: SearchPoolOptions;
  /** Connections of the report pool (PostgreSQL only). */
  reportPoolSize?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { ResilientPgClient } = await import('./resilient-pg-client.js');
    // numeric comes back as text by default; prices are numbers on the wire.
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    // Each pool: clients that survive losing their connection while checked out (see
    // ResilientPgClient), and a listener for an idle connection that the server drops (a restart, a
    // terminated backend): without it that 'error' event would crash the process. The pool replaces it.
    const openPool = (what: string, options: Omit<import('pg').PoolConfig, 'connectionString' | 'connectionTimeoutMillis' | 'Client'>) => {
      const opened = new pg.Pool({ connectionString: opts.databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, Client: ResilientPgClient, ...options });
      opened.on('error', (error) => new Logger('Database').warn(`idle ${what} connection lost: ${error.message}`));
      return { pool: opened, close: closablePool(opened) };
    };
    const statsOf = (pool: PoolStats['pool'], { pool: p }: { pool: import('pg').Pool }): PoolStats => ({
      pool,
      inUse: p.totalCount - p.idleCount,
      idle: p.idleCount,
      max: p.options.max,
      waiting: p.waitingCount,
    });
    const main = openPool('main', { max: opts.poolSize ?? 10 });
    // The checkout's named statements (see Statement) have connections of their own, on which each is planned
    // once per connection for any values. Left to choose, PostgreSQL compares that plan with plans
    // made for the values at hand and, when those look cheaper for some shopper, plans again on
    // every call (the order statement was planned on 70 % of its calls). The setting holds for every
    // statement of a connection, unnamed ones included: the main pool keeps PostgreSQL's choice, so
    // its queries (a list of ids, a filter on a rare status) are planned for their values.
    // JIT is off there too: a generic plan estimates a JSON list at 100 rows a level, so the order statement's plan
    // (orders × lines) looked costly enough to compile on every call, which took a second of the server's CPU
    // for a statement that runs in a millisecond.
    const statements = openPool('statement', { max: opts.poolSize ?? 10, options: '-c plan_cache_mode=force_generic_plan -c jit=off' });
    const db: Db = drizzle(main.pool, { schema });
    // drizzle's migrator takes no lock: instances starting together on a new database would each
    // run the first migration. A session advisory lock lets one migrate while the others wait, then
    // find nothing to do (README, "Deploying past one machine"). The migrations run on the connection
    // that holds the lock, so a pool of one connection does not wait for itself.
    const locked = await main.pool.connect();
    try {
      await locked.query('select pg_advisory_lock(hashtext($1))', ['haat:migrations']);
      await migrate(drizzle(locked, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await locked.query('select pg_advisory_unlock(hashtext($1))', ['haat:migrations']).catch(() => undefined);
      locked.release();
    }
    // Searches and listing pages (named statements, see Statement) get their own few connections with the
    // catalogue's statement_timeout set once per connection (no transaction and SET LOCAL around each
    // search: three round trips fewer), and cannot take the connections that health checks, carts and orders need.
    const search = openPool('search', { max: opts.search?.size ?? 4, statement_timeout: opts.search?.timeoutMs ?? 3000 });
    const searchStatement = namedStatements(async (name, text, values) => (await search.pool.query<Record<string, unknown>>({ name, text, values })).rows);
    const statement = namedStatements(async (name, text, values) => (await statements.pool.query<Record<string, unknown>>({ name, text, values })).rows);
    // No JIT for reports: their statements read tens of rows (docs/decisions/0232-the-overview-rolls-up-closed-days.md),
    // and a cost misjudged past jit_above_cost made one spend over a second compiling what runs in milliseconds.
    const report = openPool('report', { max: opts.reportPoolSize ?? 2, options: '-c jit=off' });
    const reportDb: Db = drizzle(report.pool, { schema });
    return {
      db,
      statement,
      searchStatement,
      reportDb,
      kind: 'postgres',
      pools: () => [statsOf('main', main), statsOf('statement', statements), statsOf('search', search), statsOf('report', report)],
      close: async () => {
        await Promise.all([main.close(), statements.close(), search.close(), report.close()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = `${opts.dataDir}/db`;
  mkdirSync(dir, { recursive: true });
  const lent = pgliteLender ? await pgliteLender(dir) : null;
  const client = lent?.client ?? (await PGlite.create(dir, { extensions: { pg_trgm } }));
  const embedded = drizzle(client, { schema });
  await migrate(embedded, { migrationsFolder: MIGRATIONS_DIR });
  const db: Db = embedded;
  const statement = namedStatements(async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows);
  const pools = (): PoolStats[] => [{ pool: 'main', inUse: 1, idle: 0, max: 1, waiting: 0 }];
  return { db, statement, searchStatement: statement, reportDb: db, kind: 'pglite', pools, close: () => (lent ? lent.giveBack() : client.close()) };
}

/** A NamedStatement over `run`. */
function namedStatements(run: (name: string | undefined, text: string, values: unknown[]) => Promise<unknown[]>): NamedStatement {
  return async <T, V extends object>(statement: Statement<V>, values: V) => (await run(statement.name, statement.text, statement.params(values))) as T[];
}

/**
 * pool.end() resolves once the pool has let go of its connections, not once they are closed; this
 * waits for every one to close, so whoever runs next (a test dropping its scratch database) finds
 * none left behind.
 */
function closablePool(pool: import('pg').Pool): () => Promise<void> {
  const open = new Set<import('pg').PoolClient>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  return async () => {
    const closed = [...open].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())));
    await pool.end();
    await Promise.all(closed);
  };
}

export const DB = Symbol('DB');
/** The Db of the admin's reports (see DatabaseHandle.reportDb). */
export const REPORT_DB = Symbol('REPORT_DB');
/** The NamedStatement of searches and listing pages (see DatabaseHandle.searchStatement). */
export const SEARCH_STATEMENT = Symbol('SEARCH_STATEMENT');
/** The NamedStatement of the statement pool (see DatabaseHandle.statement). */
export const STATEMENT = Symbol('STATEMENT');
/** DatabaseHandle.pools, for the metrics. */
export const POOL_STATS = Symbol('POOL_STATS');
