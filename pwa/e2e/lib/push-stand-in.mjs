import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small local Web Push service for journeys, over HTTPS (web-push speaks nothing else) with a self-signed
 * certificate for 127.0.0.1 that the API is told to trust (PUSH_CA_FILE, PUSH_SERVICE_HOSTS). It records each
 * message; `subscription()` is a browser's side of a subscription (a P-256 key pair and an auth secret) whose
 * messages `read()` decrypts as the browser would (RFC 8291 keys, RFC 8188 aes128gcm).
 */
export async function startPushStandIn() {
  const dir = mkdtempSync(join(tmpdir(), 'haat-push-'));
  const key = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  const subj = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  execFileSync('openssl', ['req', '-x509', ...ec, '-nodes', '-keyout', key, '-out', caFile, '-days', '1', ...subj], { stdio: 'ignore' });
  /** @type {Array<{ path: string, body: Buffer }>} */
  const deliveries = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(caFile) }, (req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const host = `127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    env: { PUSH_CA_FILE: caFile, PUSH_SERVICE_HOSTS: host },
    deliveries,
    /** A browser's subscription at `path`: its JSON (what the page posts to /api/push/subscribe) and `read` of its messages. */
    subscription(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const json = {
        endpoint: `https://${host}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      };
      /** The messages to this subscription, decrypted and parsed. */
      const read = () =>
        deliveries
          .filter((d) => d.path === path)
          .map(({ body }) => {
            const salt = body.subarray(0, 16);
            const idLength = /** @type {number} */ (body[20]);
            const senderKey = body.subarray(21, 21 + idLength);
            const record = body.subarray(21 + idLength);
            const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
            const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderKey), auth, keyInfo, 32));
            const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
            const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
            const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
            decipher.setAuthTag(record.subarray(record.length - 16));
            const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
            let end = plain.length - 1;
            while (end >= 0 && plain[end] === 0) end--; // the padding after the 0x02 delimiter
            return JSON.parse(plain.subarray(0, end).toString('utf8'));
          });
      return { json, read };
    },
    stop: () =>
      new Promise(
        /** @param {(value?: unknown) => void} resolve */ (resolve) =>
          server.close(() => {
            rmSync(dir, { recursive: true, force: true });
            resolve();
          }),
      ),
  };
}
