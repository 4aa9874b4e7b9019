import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A pickup order's 4-digit code (docs/product.md#store-pickup), shown to its shopper once the order is ready and asked
 * for at the counter. The database keeps no code and no plain hash of one: 10,000 codes are tried against a plain hash
 * in a moment. It keeps a random salt set by the move to ready (`pickup_code_salt`); the code is derived from it, the
 * order's id and a key only the API holds (derived from the access-token secret under a label of its own), so someone
 * who reads the database, a backup or a log of it, cannot hand an order over without asking its shopper. Changing the
 * access-token secret changes the codes of orders waiting ready: their shoppers read the new code on their order.
 */
export const PICKUP_CODE_LENGTH = 4;

/** The key codes are derived with: its own, derived from the API's secret under a label no other use shares. */
export function pickupCodeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('haat pickup codes v1').digest();
}

/** A fresh salt for an order made ready: a new code each time one is made. */
export function newPickupSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The code of an order made ready with `salt`. */
export function pickupCode(key: Buffer, orderId: string, salt: string): string {
  const mac = createHmac('sha256', key).update(`${orderId}\u0000${salt}`).digest();
  // 2^32 mod 10^4 leaves the low codes 1 in 429,497 likelier: no help to anyone guessing five times a day.
  return String(mac.readUInt32BE(0) % 10 ** PICKUP_CODE_LENGTH).padStart(PICKUP_CODE_LENGTH, '0');
}

/** Whether `given` is the order's code, compared in constant time (how much of a code was right tells nothing). */
export function pickupCodeMatches(key: Buffer, orderId: string, salt: string, given: string): boolean {
  const expected = Buffer.from(pickupCode(key, orderId, salt));
  const asked = Buffer.from(given);
  return asked.length === expected.length && timingSafeEqual(asked, expected);
}
