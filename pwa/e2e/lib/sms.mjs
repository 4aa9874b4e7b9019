import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The n-th code texted to this number, read from its WebOTP line in the files the API wrote into <dataDir>/sms. */
export async function codeFromSms(dataDir, mobile, nth) {
  const folder = join(dataDir, 'sms');
  let found = '';
  const read = async () => {
    const files = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.txt')).sort();
    const texts = await Promise.all(files.map((f) => readFile(join(folder, f), 'utf8')));
    const mine = texts.filter((text) => text.startsWith(`To: ${mobile}\n`));
    return (found = /\n@[^\s#]+ #(\d{6})\n?$/.exec(mine[nth - 1] ?? '')?.[1] ?? '');
  };
  await expect.poll(read, { message: `SMS #${nth} to ${mobile}`, timeout: 10_000 }).toMatch(/^\d{6}$/);
  return found;
}
