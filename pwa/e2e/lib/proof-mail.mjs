import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The link of the newest "Verify your Haat e-mail address" mail to `email` the API wrote into <dataDir>/mail (quoted-
 * printable decoded), or null while none has come: the proof My Profile's Send verification link mails.
 */
export async function proofLinkTo(dataDir, email) {
  const folder = join(dataDir, 'mail');
  const files = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(join(folder, f), 'utf8')));
  const mails = texts
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))))
    .filter((text) => text.includes(email) && /confirmEmail=/.test(text));
  const link = /(https?:\/\/\S+confirmEmail=[A-Za-z0-9._%-]+)/.exec(mails.at(-1) ?? '')?.[1];
  return link ?? null;
}

/** Proves `email` through the API as its owner would: asks for the link, then opens it (confirm-email takes its token). */
export async function proveEmailByApi(baseUrl, dataDir, email, token) {
  const asked = await fetch(`${baseUrl}/api/user/verify-email`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!asked.ok) throw new Error(`verify-email: ${asked.status}`);
  let link = null;
  for (let i = 0; i < 100 && !link; i++) {
    link = await proofLinkTo(dataDir, email);
    // pacing: the mail is written in the background; polled, never a wait before an assertion
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error(`no proof mail came to ${email}`);
  const confirmed = await fetch(`${baseUrl}/api/user/confirm-email`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: decodeURIComponent(new URL(link).searchParams.get('confirmEmail') ?? '') }),
  });
  if (!confirmed.ok) throw new Error(`confirm-email: ${confirmed.status}`);
}
