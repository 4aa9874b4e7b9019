import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../config/config.js';

/**
 * argon2id's cost (the library's default algorithm). The default is OWASP's recommended minimum;
 * PASSWORD_HASH_MEMORY_KIB / PASSWORD_HASH_PASSES change it, and the test apps lower it
 * (docs/testing.md). A stored hash carries its own cost, so
 * verifying never depends on it.
 */
export type { PasswordHashCost } from '../config/config.js';
export { OWASP_MINIMUM_COST } from '../config/config.js';

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return hash(password, { memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummies = new Map<string, Promise<string>>();

/**
 * A real hash of a random string at `cost`: a sign-in for an unknown e-mail is checked against it,
 * so it costs what checking a real account's password costs (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md).
 */
export function dummyHash(cost: PasswordHashCost): Promise<string> {
  const key = `${cost.memoryKib}:${cost.passes}`;
  let made = dummies.get(key);
  if (!made) dummies.set(key, (made = hashPassword(randomBytes(16).toString('base64url'), cost)));
  return made;
}
