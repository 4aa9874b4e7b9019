import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Db } from '../db/database.js';
import { PostgresFileStorage } from './storage.js';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/**
 * Copies every file of the local uploads folder into the shared table under its own name, so the URLs
 * already stored keep working with FILE_STORAGE=postgres (docs/decisions/0212-pictures-in-postgresql.md).
 * The folder is left as it is; names already in the table are kept, so running it twice copies nothing twice.
 */
export async function moveUploads(db: Db, dir: string): Promise<{ copied: number; kept: number }> {
  const storage = new PostgresFileStorage(db);
  const names = await readdir(dir).catch(() => [] as string[]);
  let copied = 0;
  let kept = 0;
  for (const name of names) {
    const type = TYPES[extname(name).toLowerCase()];
    if (!type) continue;
    if (await storage.read(name)) {
      kept++;
      continue;
    }
    await storage.put(name, await readFile(join(dir, name)), type);
    copied++;
  }
  return { copied, kept };
}
