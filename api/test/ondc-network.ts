import { createHash, generateKeyPairSync, sign, verify, createPublicKey, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { StandIn } from './stand-in.js';

/**
 * Stand-ins for the ONDC network in the API's tests (docs/testing.md): a registry answering lookups, and a buyer
 * app that signs its requests and records (and checks the signature of) every callback the shop sends it. The
 * signing here is written apart from the shop's own (api/src/ondc/beckn-signature.ts), from Beckn's description, so
 * a mistake in one is not repeated in the other.
 */

/** An Ed25519 key pair as ONDC's key tools give it: the raw 32-byte seed and public key. */
export interface RawKeys {
  seed: Buffer;
  publicKey: Buffer;
}

export function newKeys(): RawKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' }) as { d: string; x: string };
  void publicKey;
  return { seed: Buffer.from(jwk.d, 'base64url'), publicKey: Buffer.from(jwk.x, 'base64url') };
}

/** libsodium's 64-byte secret key (seed, then public key) in base64: what ONDC_SIGNING_PRIVATE_KEY holds. */
export const libsodiumSecret = (keys: RawKeys) => Buffer.concat([keys.seed, keys.publicKey]).toString('base64');

const digestOf = (body: string) => createHash('blake2b512').update(body).digest('base64');

function signingText(created: number, expires: number, body: string): string {
  return ['(created): ' + created, '(expires): ' + expires, 'digest: BLAKE-512=' + digestOf(body)].join('\n');
}

/** A Beckn Authorization header for `body`, signed by `keys` as `subscriberId|ukId`. */
export function signedHeader(
  body: string,
  subscriberId: string,
  ukId: string,
  keys: RawKeys,
  createdAt = Math.floor(Date.now() / 1000),
  lifetime = 300,
): string {
  const privateKey = {
    key: { kty: 'OKP', crv: 'Ed25519', d: keys.seed.toString('base64url'), x: keys.publicKey.toString('base64url') },
    format: 'jwk' as const,
  };
  const signature = sign(null, Buffer.from(signingText(createdAt, createdAt + lifetime, body)), privateKey).toString('base64');
  return `Signature keyId="${subscriberId}|${ukId}|ed25519",algorithm="ed25519",created="${createdAt}",expires="${createdAt + lifetime}",headers="(created) (expires) digest",signature="${signature}"`;
}

/** Whether `header` signs `body` with `publicKey` and names `subscriberId|ukId` (and is current). */
export function signatureHolds(header: string | undefined, body: string, publicKey: Buffer, subscriberId: string, ukId: string): boolean {
  if (!header) return false;
  const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(header)?.[1];
  if (field('keyId') !== `${subscriberId}|${ukId}|ed25519` || field('headers') !== '(created) (expires) digest') return false;
  const created = Number(field('created'));
  const expires = Number(field('expires'));
  const now = Date.now() / 1000;
  if (!(created <= now + 5 && expires > now)) return false;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') }, format: 'jwk' });
  return verify(null, Buffer.from(signingText(created, expires, body)), key, Buffer.from(field('signature') ?? '', 'base64'));
}

export interface RegistryEntry {
  subscriber_id: string;
  ukId: string;
  type: string;
  signing_public_key: string;
  subscriber_url: string;
  domain: string;
  city: string;
}

/** The registry's lookup: `POST { subscriber_id, ukId }` → the matching entries. Counts its lookups. */
export class RegistryStandIn {
  readonly entries: RegistryEntry[] = [];
  lookups = 0;
  private readonly http = new StandIn(({ body }) => {
    this.lookups += 1;
    const asked = JSON.parse(body) as { subscriber_id?: string; ukId?: string };
    return { status: 200, body: this.entries.filter((e) => e.subscriber_id === asked.subscriber_id && e.ukId === asked.ukId) };
  });

  start(): Promise<string> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

/** One callback the buyer app received. */
export interface Callback {
  action: string;
  headers: IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A buyer app: answers every callback ACK and keeps it; `failNext` answers those statuses first (and keeps nothing). */
export class BuyerAppStandIn {
  readonly callbacks: Callback[] = [];
  failNext: number[] = [];
  refused = 0;
  private readonly http = new StandIn(({ path, headers, body }) => {
    const status = this.failNext.shift();
    if (status) {
      this.refused += 1;
      return { status, body: { error: 'busy' } };
    }
    this.callbacks.push({ action: path.split('/').pop() ?? '', headers, raw: body, body: JSON.parse(body) });
    return { status: 200, body: { message: { ack: { status: 'ACK' } } } };
  });
  url = '';

  async start(): Promise<string> {
    this.url = await this.http.start();
    return this.url;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  of(action: string, messageId?: string): Callback[] {
    return this.callbacks.filter((c) => c.action === action && (!messageId || c.body.context?.message_id === messageId));
  }
}

/** A request's context from the buyer app, as retail 1.2.5 has it. */
export function requestContext(action: string, bap: { id: string; uri: string }, bppId: string, transactionId: string = randomUUID(), domain = 'ONDC:RET10') {
  return {
    domain,
    action,
    country: 'IND',
    city: 'std:080',
    core_version: '1.2.5',
    bap_id: bap.id,
    bap_uri: bap.uri,
    ...(action === 'search' ? {} : { bpp_id: bppId, bpp_uri: 'http://shop/ondc' }),
    transaction_id: transactionId,
    message_id: randomUUID(),
    timestamp: new Date().toISOString(),
    ttl: 'PT30S',
  };
}
