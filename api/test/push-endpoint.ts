import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
  /** When the request reached the push service (ms since the epoch). */
  at: number;
}

/**
 * A local push service over HTTPS (web-push speaks nothing else) with a self-signed certificate
 * made by openssl for 127.0.0.1. `caFile` is what the API is told to trust (PUSH_CA_FILE).
 * Each path answers 201 unless scripted otherwise; `hold` keeps a path's requests open until released.
 */
export class PushEndpoint {
  readonly deliveries: PushDelivery[] = [];
  caFile = '';
  private server: Server | null = null;
  private dir = '';
  private readonly scripts = new Map<string, number[]>();
  private readonly held = new Map<string, Array<() => void>>();
  private origin = '';

  async start(): Promise<string> {
    this.dir = mkdtempSync(join(tmpdir(), 'haat-push-'));
    const key = join(this.dir, 'key.pem');
    this.caFile = join(this.dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        this.caFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    this.server = createServer({ key: readFileSync(key), cert: readFileSync(this.caFile) }, (req, res) => {
      const at = Date.now();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        const status = this.scripts.get(path)?.shift() ?? 201;
        const answer = () => {
          this.deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks), status, at });
          res.writeHead(status).end();
        };
        const hold = this.held.get(path);
        if (hold) hold.push(answer);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  /** `host:port` of this stand-in, for the app's PUSH_SERVICE_HOSTS (only browsers' push services are taken otherwise). */
  get host(): string {
    return new URL(this.origin).host;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  /** The next answers for a path, e.g. [503] then the default 201, or [410]. */
  script(path: string, statuses: number[]): void {
    this.scripts.set(path, [...statuses]);
  }

  hold(path: string): void {
    this.held.set(path, []);
  }

  heldCount(path: string): number {
    return this.held.get(path)?.length ?? 0;
  }

  release(path: string): void {
    for (const answer of this.held.get(path) ?? []) answer();
    this.held.delete(path);
  }

  to(path: string): PushDelivery[] {
    return this.deliveries.filter((d) => d.path === path);
  }

  async stop(): Promise<void> {
    for (const path of [...this.held.keys()]) this.release(path);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret. */
export class BrowserSubscription {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** What PushSubscription.toJSON() gives the page, which it posts to /api/push/subscribe. */
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /**
   * Decrypts an aes128gcm push message (RFC 8188 framing, RFC 8291 keys), as the browser does:
   * ECDH with the sender's key from the header, HKDF with the auth secret, then AES-128-GCM.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20] as number;
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 and optional zero padding.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) throw new Error('bad padding delimiter');
    return plain.subarray(0, end).toString('utf8');
  }
}
