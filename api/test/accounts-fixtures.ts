import { createServer, type Server } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { api, bearer, type TestApp } from './harness.js';
import { mailSays, readMail } from './mail-reading.js';
import { waitUntil } from './wait-until.js';

/** Helpers for the accounts tests: catalogue through the real API, mail read from the .eml files. */

let counter = 0;
const unique = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface ProductSeed {
  name?: string;
  price?: number;
  discount?: number;
  stock?: number;
}

export async function addProduct(t: TestApp, adminToken: string, seed: ProductSeed = {}): Promise<{ _id: string; name: string }> {
  const res = await api(t)
    .post('/api/product/create')
    .set(bearer(adminToken))
    .send({
      hsn: '8518',
      gstRate: 18,
      name: seed.name ?? unique('Product'),
      image: ['/uploads/p.webp'],
      unit: 'pack',
      stock: seed.stock ?? 10,
      price: seed.price ?? 100,
      discount: seed.discount ?? 0,
      description: 'A product for the accounts tests.',
    });
  if (res.status !== 201) throw new Error(`product/create ${res.status} ${JSON.stringify(res.body)}`);
  return { _id: res.body.data._id, name: res.body.data.name };
}

/** Sets a product's stock with the figure it replaces, as the admin form does (docs/decisions/0208-bare-stock-figures.md). */
export async function setStock(t: TestApp, adminToken: string, productId: string, stock: number): Promise<void> {
  const loaded = await api(t).post('/api/product/get-product-details').send({ productId });
  const expectedStock = (loaded.body.data as { stock: number }).stock;
  const res = await api(t).put('/api/product/update-product-details').set(bearer(adminToken)).send({ _id: productId, stock, expectedStock });
  if (res.status !== 200) throw new Error(`update-product-details ${res.status} ${JSON.stringify(res.body)}`);
}

export async function deleteProduct(t: TestApp, adminToken: string, productId: string): Promise<void> {
  const res = await api(t).delete('/api/product/delete-product').set(bearer(adminToken)).send({ _id: productId });
  if (res.status !== 200) throw new Error(`delete-product ${res.status} ${JSON.stringify(res.body)}`);
}

export const ADDRESS = {
  name: 'Asha Rao',
  building: 'Flat 4B, Lotus Towers',
  address_line: '12 MG Road',
  district: 'Bengaluru Urban',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  mobile: '9876543210',
};

export async function addAddress(t: TestApp, token: string, overrides: Partial<typeof ADDRESS> = {}): Promise<string> {
  const res = await api(t)
    .post('/api/address/create')
    .set(bearer(token))
    .send({ ...ADDRESS, ...overrides });
  if (res.status !== 201) throw new Error(`address/create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id;
}

/** Every .eml written to $DATA_DIR/mail for this recipient, oldest first. */
export async function mailsTo(t: TestApp, email: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(t.config.mailDir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const texts = await Promise.all(names.map((n) => readFile(join(t.config.mailDir, n), 'utf8')));
  return texts.filter((text) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));
}

/**
 * The n-th mail to this recipient (of those `matching` in their headers, decoded subject or text), once it has been written: mail goes
 * out in the background, so this polls the mail folder, `timeoutMs` at most. 15 s by default: a notice's mail passes
 * through the queue's claims, which on CI's loaded two cores once took over 5 s; a mail that comes is found within 50 ms.
 */
export async function waitForMail(
  t: TestApp,
  email: string,
  { nth = 1, matching, timeoutMs = 15_000 }: { nth?: number; matching?: RegExp; timeoutMs?: number } = {},
): Promise<string> {
  let have = 0;
  try {
    return await waitUntil(
      async () => {
        const mails = (await mailsTo(t, email)).filter((m) => !matching || mailSays(m, matching));
        have = mails.length;
        return mails[nth - 1];
      },
      { timeoutMs, intervalMs: 50, message: () => `mail #${nth}${matching ? ` matching ${matching}` : ''} to ${email} (have ${have})` },
    );
  } catch (error) {
    // A mail that does not come: where its job stood (queued and when due, running, failed and why) says whose fault.
    const jobs = await t.db
      .execute(
        sql`select key, state, attempts, last_error, round(extract(epoch from (due_at - now())) * 1000) as due_in_ms
              from jobs where kind like 'mail%' and state <> 'done' order by created_at`,
      )
      .then((r) => (r as { rows: unknown[] }).rows)
      .catch((e: unknown) => `could not read: ${String(e)}`);
    throw new Error(`${(error as Error).message}; the mail jobs not done: ${JSON.stringify(jobs)}`, { cause: error });
  }
}

/** Waits for the n-th mail to this recipient and reads its code. */
export async function waitForCode(t: TestApp, email: string, nth = 1, timeoutMs = 5000): Promise<string> {
  const mail = await waitForMail(t, email, { nth, timeoutMs });
  const code = /reset code is (\d{6})/.exec(mail)?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail}`);
  return code;
}

/**
 * A stand-in for Google's identity service: a key pair made here, its public half served as a JWKS
 * over HTTP (what GOOGLE_JWKS_URL points to), and ID tokens signed like Google's.
 */
export async function startGoogleIdP(): Promise<{
  jwksUrl: string;
  clientId: string;
  sign(claims: JWTPayload, opts?: { expiresIn?: string | number; signWith?: 'own' | 'stranger'; kid?: string; issuedAt?: number }): Promise<string>;
  close(): Promise<void>;
}> {
  const own = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/certs') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const clientId = `client-${Date.now()}.apps.googleusercontent.com`;
  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    clientId,
    async sign(claims, opts = {}) {
      const key = opts.signWith === 'stranger' ? stranger.privateKey : own.privateKey;
      const jwt = new SignJWT({ iss: 'https://accounts.google.com', aud: clientId, email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'test-key-1', typ: 'JWT' })
        .setIssuedAt(opts.issuedAt ?? (typeof opts.expiresIn === 'number' && opts.expiresIn < 0 ? Math.floor(Date.now() / 1000) - 7200 : undefined));
      if (typeof opts.expiresIn === 'number') jwt.setExpirationTime(Math.floor(Date.now() / 1000) + opts.expiresIn);
      else jwt.setExpirationTime(opts.expiresIn ?? '1h');
      return jwt.sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Waits for the mail with the link that confirms a new e-mail address (update-user), or with `subject` another
 * mail carrying such a link (verify-email's), and answers its token.
 */
export async function waitForEmailLinkToken(
  t: TestApp,
  email: string,
  timeoutMs = 5000,
  subject = /Subject: Confirm your new Haat e-mail address/,
): Promise<string> {
  const mail = await waitForMail(t, email, { matching: subject, timeoutMs });
  const { text } = readMail(mail);
  const token = /confirmEmail=([A-Za-z0-9._%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link in mail:\n${mail}`);
  return decodeURIComponent(token);
}

/** The owner proves the account's e-mail as My Profile does: the link mailed by POST /api/user/verify-email, opened. */
export async function proveEmail(t: TestApp, who: { token: string; email: string }): Promise<void> {
  const asked = await api(t).post('/api/user/verify-email').set(bearer(who.token));
  if (asked.status !== 200) throw new Error(`verify-email failed: ${asked.status} ${JSON.stringify(asked.body)}`);
  const token = await waitForEmailLinkToken(t, who.email, 10_000, /Subject: Verify your Haat e-mail address/);
  const confirmed = await api(t).put('/api/user/confirm-email').send({ token });
  if (confirmed.status !== 200) throw new Error(`confirm-email failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}
