import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { storedFiles } from './stored-files.table.js';

/** Where uploaded bytes live: the local folder (one machine), PostgreSQL or an S3-compatible bucket (FILE_STORAGE). */
export interface FileStorage {
  /** Stores the bytes under `key` and answers the public URL path. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes what `put` stored under `key`; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, key), bytes);
    return `/uploads/${key}`;
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.dir, key), { force: true });
  }
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  createdAt: Date;
}

/** A storage every instance reads from: the app answers `GET /uploads/<name>` from it (serve-stored-files.ts). */
export interface SharedFileStorage extends FileStorage {
  /** The bytes stored under `key`, or undefined when there are none. */
  read(key: string): Promise<StoredFile | undefined>;
  /** Whether something is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
}

/**
 * Pictures in the `stored_files` table of the database every instance shares, so any instance
 * serves what another stored (docs/decisions/0212-pictures-every-instance-can-serve.md). Names are never
 * reused: a second put of one name keeps the first bytes, as a copy of the same file would.
 */
export class PostgresFileStorage implements SharedFileStorage {
  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<string> {
    await this.db.insert(storedFiles).values({ name: key, contentType, size: bytes.length, bytes }).onConflictDoNothing();
    return `/uploads/${key}`;
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.name, key));
  }

  async has(key: string): Promise<boolean> {
    const [row] = await this.db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.name, key));
    return row !== undefined;
  }

  async read(key: string): Promise<StoredFile | undefined> {
    const [row] = await this.db
      .select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType, createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(eq(storedFiles.name, key));
    return row;
  }
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
