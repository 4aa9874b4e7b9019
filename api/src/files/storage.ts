import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploaded bytes live. Local folder by default; a bucket would implement the same two lines. */
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

export const FILE_STORAGE = Symbol('FILE_STORAGE');
