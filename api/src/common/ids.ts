import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/** Random bytes drawn from the OS a page at a time: ulid's own PRNG asks crypto for one byte per character (16 calls an id). */
const pool = new Uint8Array(4096);
let used = pool.length;

/** A fraction in [0, 1) from one cryptographically random byte, as ulid's default PRNG gives. */
function pooledRandom(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return (pool[used++] as number) / 256;
}

const next = monotonicFactory(pooledRandom);

/** ULIDs: sortable, 26 characters, no hyphens (routes take the text after the last hyphen). */
export function newId(): string {
  return next();
}
