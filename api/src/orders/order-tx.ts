import type { Db } from '../db/database.js';

/** A drizzle transaction: the steps of an order change run inside one and take it as an argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The PostgreSQL unique-violation code, whether the driver error is wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
