import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../src/db/database.js';
import { scratchPostgres, unmigratedPGliteDir, type DbKind } from './harness.js';

// A database for a migration's test: migrated up to a point, filled as a shop was then, then migrated on.

/** A copy of the migrations folder up to (not including) the migration whose tag starts with `tag`. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'haat-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export interface MigrationDb {
  query<T>(text: string): Promise<T[]>;
  /** Several statements in one text, no parameters. */
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openMigrationDb(kind: DbKind): Promise<MigrationDb> {
  if (kind === 'pglite') {
    // A copy of an initdb'd folder, not a new database in memory: initdb is most of a fresh PGlite's cost.
    const dataDir = await unmigratedPGliteDir();
    const client = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (text) => void (await client.exec(text)),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: async () => {
        await client.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await scratchPostgres();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    exec: async (text) => void (await pool.query(text)),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      // A backend still ending when the database is dropped (WITH FORCE) is terminated, and its client, closing,
      // hears it as an error on the pool: expected here, not the test's.
      pool.on('error', () => undefined);
      await pool.end();
      await scratch.drop();
    },
  };
}
