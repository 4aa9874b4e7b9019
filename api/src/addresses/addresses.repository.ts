import { and, asc, eq, sql } from 'drizzle-orm';
import { defineStatement, type Db, type NamedStatement } from '../db/database.js';
import { addresses, type AddressRow } from './addresses.table.js';

// The addresses domain's queries that other domains run (orders, users).
export type { AddressRow } from './addresses.table.js';

/** The active addresses among some ids (a JSON list). */
const activeAddresses = defineStatement<{ ids: string }>(
  'order-active-addresses',
  (p) => sql`select id, user_id as "userId", name, building, address_line as "addressLine", district, city, state, country, pincode, mobile, gstin, status,
             created_at as "createdAt", updated_at as "updatedAt"
      from addresses where status and id in (select jsonb_array_elements_text(${p.ids}::jsonb))`,
);

/**
 * For each (userId, addressId), that user's own active address or undefined; one query for all, a
 * named statement (constant text, the ids as one JSON parameter: see NamedStatement).
 */
export async function activeAddressesOf(
  statement: NamedStatement,
  wanted: ReadonlyArray<{ userId: string; addressId: string }>,
): Promise<Array<AddressRow | undefined>> {
  // Times come back as Date or as text by driver (see NamedStatement).
  const rows = await statement<Omit<AddressRow, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string }, { ids: string }>(
    activeAddresses,
    { ids: JSON.stringify([...new Set(wanted.map((w) => w.addressId))]) },
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((w) => {
    const row = byId.get(w.addressId);
    return row && row.userId === w.userId ? { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) } : undefined;
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
