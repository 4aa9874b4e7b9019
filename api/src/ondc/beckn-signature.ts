import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Beckn's HTTP signature (docs/decisions/0340-selling-on-ondc.md): Ed25519 over the signing string
 *
 *   (created): <unix seconds>
 *   (expires): <unix seconds>
 *   digest: BLAKE-512=<base64 of the body's BLAKE2b-512>
 *
 * carried in `Authorization: Signature keyId="<subscriber id>|<unique key id>|ed25519",algorithm="ed25519",
 * created="…",expires="…",headers="(created) (expires) digest",signature="<base64>"`. Node's own crypto does both
 * halves; the keys are raw 32-byte Ed25519 keys as ONDC's registry and key tools give them.
 */

/** How long a signature we make stays valid. */
const SIGNATURE_LIFETIME_S = 5 * 60;
/** Clocks of two network participants may differ this much. */
const CLOCK_SKEW_S = 30;

export interface SigningKey {
  subscriberId: string;
  uniqueKeyId: string;
  /** The raw 32-byte Ed25519 seed and public key. */
  seed: Buffer;
  publicKey: Buffer;
}

export interface SignatureParts {
  subscriberId: string;
  uniqueKeyId: string;
  algorithm: string;
  created: number;
  expires: number;
  headers: string;
  signature: string;
}

/** Why a signature was refused, in words a buyer app's developer can act on. */
export class SignatureRefused extends Error {}

export function bodyDigest(body: string | Buffer | readonly (string | Buffer)[]): string {
  const hash = createHash('blake2b512');
  for (const part of typeof body === 'string' || Buffer.isBuffer(body) ? [body] : body) hash.update(part);
  return hash.digest('base64');
}

function signingString(created: number, expires: number, digest: string): string {
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
}

const keyCache = new WeakMap<Buffer, KeyObject>();

function privateKeyOf(key: SigningKey): KeyObject {
  let found = keyCache.get(key.seed);
  if (!found) {
    found = createPrivateKey({ format: 'jwk', key: { kty: 'OKP', crv: 'Ed25519', d: key.seed.toString('base64url'), x: key.publicKey.toString('base64url') } });
    keyCache.set(key.seed, found);
  }
  return found;
}

export function publicKeyOf(raw: Buffer): KeyObject {
  if (raw.length !== 32) throw new SignatureRefused('the registry gave a signing key that is not 32 bytes');
  return createPublicKey({ format: 'jwk', key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') } });
}

/** The Authorization header for `body` (its digest may be worked out beforehand, for a body sent in parts). */
export function authorizationFor(body: string | { digest: string }, key: SigningKey, nowMs = Date.now()): string {
  const created = Math.floor(nowMs / 1000);
  const expires = created + SIGNATURE_LIFETIME_S;
  const digest = typeof body === 'string' ? bodyDigest(body) : body.digest;
  const signature = sign(null, Buffer.from(signingString(created, expires, digest)), privateKeyOf(key)).toString('base64');
  return (
    `Signature keyId="${key.subscriberId}|${key.uniqueKeyId}|ed25519",algorithm="ed25519",created="${created}",` +
    `expires="${expires}",headers="(created) (expires) digest",signature="${signature}"`
  );
}

/** The header's parts, or a refusal naming what is wrong with it. */
export function parseAuthorization(header: string | undefined): SignatureParts {
  if (!header) throw new SignatureRefused('the Authorization header is missing');
  const match = /^Signature\s+(.+)$/s.exec(header.trim());
  if (!match) throw new SignatureRefused('the Authorization header is not a Signature');
  const fields = new Map<string, string>();
  for (const [, name, value] of (match[1] as string).matchAll(/([a-zA-Z]+)="([^"]*)"/g)) fields.set(name as string, value as string);
  const keyId = fields.get('keyId')?.split('|') ?? [];
  const created = Number(fields.get('created'));
  const expires = Number(fields.get('expires'));
  if (keyId.length !== 3 || !keyId[0] || !keyId[1]) throw new SignatureRefused('keyId must be "<subscriber id>|<unique key id>|ed25519"');
  if (keyId[2] !== 'ed25519' || (fields.get('algorithm') ?? 'ed25519') !== 'ed25519') throw new SignatureRefused('the algorithm must be ed25519');
  if (!Number.isInteger(created) || !Number.isInteger(expires)) throw new SignatureRefused('created and expires must be unix seconds');
  const headers = fields.get('headers') ?? '(created) (expires) digest';
  if (headers !== '(created) (expires) digest') throw new SignatureRefused('headers must be "(created) (expires) digest"');
  const signature = fields.get('signature');
  if (!signature) throw new SignatureRefused('the signature is missing');
  return { subscriberId: keyId[0], uniqueKeyId: keyId[1], algorithm: 'ed25519', created, expires, headers, signature };
}

/** Refuses a signature made outside its own window (with some leeway for clocks), before any key is looked up. */
export function assertCurrent(parts: SignatureParts, nowMs = Date.now()): void {
  const now = Math.floor(nowMs / 1000);
  if (parts.created > now + CLOCK_SKEW_S) throw new SignatureRefused('the signature was created in the future');
  if (parts.expires < now - CLOCK_SKEW_S) throw new SignatureRefused('the signature has expired');
  if (parts.expires <= parts.created) throw new SignatureRefused('the signature expires before it was created');
}

/** Whether `parts` signs `body` with the key whose raw 32 bytes are `publicKey`. */
export function signatureHolds(body: Buffer | string, parts: SignatureParts, publicKey: KeyObject): boolean {
  const text = signingString(parts.created, parts.expires, bodyDigest(body));
  const signature = Buffer.from(parts.signature, 'base64');
  return signature.length === 64 && verify(null, Buffer.from(text), publicKey, signature);
}

export const SIGNATURE_HEADERS = { lifetimeS: SIGNATURE_LIFETIME_S, skewS: CLOCK_SKEW_S } as const;
