import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so an order number read out over the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Short readable order numbers: `HT` + 8 base32 characters (40 random bits, ~10^12 values).
 * No hyphen, as ids sit after the last hyphen of a route. The insert retries on the rare collision.
 */
export function newOrderId(): string {
  let id = 'HT';
  for (const byte of randomBytes(8)) id += ALPHABET[byte & 31];
  return id;
}
