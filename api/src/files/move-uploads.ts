import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SharedFileStorage } from './storage.js';
import { uploadType } from './upload-names.js';

/**
 * Copies every file of the local uploads folder into a shared storage (the database's table or the
 * bucket) under its own name, so the URLs already stored keep working once FILE_STORAGE names it
 * (docs/decisions/0212-pictures-every-instance-can-serve.md). The folder is left
 * as it is; names already stored are kept, so running it twice copies nothing twice.
 */
export async function moveUploads(storage: SharedFileStorage, dir: string): Promise<{ copied: number; kept: number }> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let copied = 0;
  let kept = 0;
  for (const name of names) {
    const type = uploadType(name);
    if (!type) continue;
    if (await storage.has(name)) {
      kept++;
      continue;
    }
    await storage.put(name, await readFile(join(dir, name)), type);
    copied++;
  }
  return { copied, kept };
}
