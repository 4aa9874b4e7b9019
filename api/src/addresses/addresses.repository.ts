import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { addresses, type AddressRow } from './addresses.table.js';

// The addresses domain's queries that other domains run (orders, users).
export type { AddressRow } from './addresses.table.js';

/** One of the user's own active addresses, or undefined. */
export async function activeAddressOf(db: Db, userId: string, addressId: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId), eq(addresses.status, true)))
    .limit(1);
  return row;
}

/** For each (userId, addressId), that user's own active address or undefined; one query for all. */
export async function activeAddressesOf(db: Db, wanted: ReadonlyArray<{ userId: string; addressId: string }>): Promise<Array<AddressRow | undefined>> {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(inArray(addresses.id, [...new Set(wanted.map((w) => w.addressId))]), eq(addresses.status, true)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((w) => {
    const row = byId.get(w.addressId);
    return row && row.userId === w.userId ? row : undefined;
  });
}

/** The ids of the user's active addresses, oldest first. */
export async function activeAddressIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.status, true)))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}
