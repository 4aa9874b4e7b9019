import { generateKeyPairSync } from 'node:crypto';
import { assertCurrent, authorizationFor, bodyDigest, parseAuthorization, publicKeyOf, signatureHolds, SignatureRefused } from './beckn-signature.js';

const keysOf = () => {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as { d: string; x: string };
  return { subscriberId: 'np.example.in', uniqueKeyId: 'k1', seed: Buffer.from(jwk.d, 'base64url'), publicKey: Buffer.from(jwk.x, 'base64url') };
};

describe('Beckn HTTP signatures', () => {
  const key = keysOf();
  const body = JSON.stringify({ context: { action: 'search' }, message: { intent: {} } });

  it('signs a body so that its key verifies it, and nothing else', () => {
    const parts = parseAuthorization(authorizationFor(body, key));
    expect(parts).toMatchObject({ subscriberId: 'np.example.in', uniqueKeyId: 'k1', headers: '(created) (expires) digest' });
    expect(parts.expires - parts.created).toBe(300);
    expect(signatureHolds(body, parts, publicKeyOf(key.publicKey))).toBe(true);
    expect(signatureHolds(`${body} `, parts, publicKeyOf(key.publicKey))).toBe(false);
    expect(signatureHolds(body, parts, publicKeyOf(keysOf().publicKey))).toBe(false);
  });

  it('signs a body given in parts by the digest of the whole', () => {
    const half = body.length >> 1;
    const whole = parseAuthorization(authorizationFor({ digest: bodyDigest([body.slice(0, half), body.slice(half)]) }, key));
    expect(signatureHolds(body, whole, publicKeyOf(key.publicKey))).toBe(true);
  });

  it('refuses a header that is missing, malformed, of another algorithm, or out of its time', () => {
    expect(() => parseAuthorization(undefined)).toThrow(SignatureRefused);
    expect(() => parseAuthorization('Bearer abc')).toThrow(SignatureRefused);
    expect(() => parseAuthorization('Signature keyId="a|b|rsa",created="1",expires="2",signature="x"')).toThrow(/ed25519/);
    expect(() => parseAuthorization('Signature keyId="a|b|ed25519",created="1",expires="2",headers="digest",signature="x"')).toThrow(/headers/);
    const parts = parseAuthorization(authorizationFor(body, key, Date.now() - 3600_000));
    expect(() => assertCurrent(parts)).toThrow(/expired/);
    expect(() => assertCurrent(parseAuthorization(authorizationFor(body, key, Date.now() + 3600_000)))).toThrow(/future/);
    expect(() => assertCurrent(parseAuthorization(authorizationFor(body, key)))).not.toThrow();
  });
});
