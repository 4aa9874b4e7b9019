// A buyer app's side of Beckn's HTTP signatures, for the stand-in buyer apps of the API's ONDC tests, the ONDC bench
// and the ONDC journey: keys as ONDC's key tools give them, a signed Authorization header, and its check. Written from
// Beckn's description apart from the shop's own signer (api/src/ondc/beckn-signature.ts), so a mistake in one is not
// repeated in the other, and once for the three that sign as a buyer app.
import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * An Ed25519 key pair as ONDC's key tools give it: the raw 32-byte seed and public key.
 * @typedef {{ seed: Buffer, publicKey: Buffer }} RawKeys
 */

/** @returns {RawKeys} */
export function newKeys() {
  const jwk = /** @type {{ d: string, x: string }} */ (generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
  return { seed: Buffer.from(jwk.d, 'base64url'), publicKey: Buffer.from(jwk.x, 'base64url') };
}

/** libsodium's 64-byte secret key (seed, then public key) in base64: what ONDC_SIGNING_PRIVATE_KEY holds. */
export const libsodiumSecret = (/** @type {RawKeys} */ keys) => Buffer.concat([keys.seed, keys.publicKey]).toString('base64');

/** What is signed: the signature's times and the body's BLAKE2b-512 digest. */
function signingText(/** @type {number} */ created, /** @type {number} */ expires, /** @type {string} */ body) {
  const digest = createHash('blake2b512').update(body).digest('base64');
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
}

/**
 * A Beckn Authorization header for `body`, signed by `keys` as `subscriberId|ukId`.
 * @param {string} body
 * @param {string} subscriberId
 * @param {string} ukId
 * @param {RawKeys} keys
 */
export function signedHeader(body, subscriberId, ukId, keys, createdAt = Math.floor(Date.now() / 1000), lifetime = 300) {
  const privateKey = {
    key: { kty: 'OKP', crv: 'Ed25519', d: keys.seed.toString('base64url'), x: keys.publicKey.toString('base64url') },
    format: /** @type {const} */ ('jwk'),
  };
  const expires = createdAt + lifetime;
  const signature = sign(null, Buffer.from(signingText(createdAt, expires, body)), privateKey).toString('base64');
  return `Signature keyId="${subscriberId}|${ukId}|ed25519",algorithm="ed25519",created="${createdAt}",expires="${expires}",headers="(created) (expires) digest",signature="${signature}"`;
}

/**
 * Whether `header` signs `body` with `publicKey` and names `subscriberId|ukId` (and is current).
 * @param {string | undefined} header
 * @param {string} body
 * @param {Buffer} publicKey
 * @param {string} subscriberId
 * @param {string} ukId
 */
export function signatureHolds(header, body, publicKey, subscriberId, ukId) {
  if (!header) return false;
  const field = (/** @type {string} */ name) => new RegExp(`${name}="([^"]*)"`).exec(header)?.[1];
  if (field('keyId') !== `${subscriberId}|${ukId}|ed25519` || field('headers') !== '(created) (expires) digest') return false;
  const created = Number(field('created'));
  const expires = Number(field('expires'));
  const now = Date.now() / 1000;
  if (!(created <= now + 5 && expires > now)) return false;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') }, format: 'jwk' });
  return verify(null, Buffer.from(signingText(created, expires, body)), key, Buffer.from(field('signature') ?? '', 'base64'));
}
