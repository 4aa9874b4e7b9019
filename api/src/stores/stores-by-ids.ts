import { eq, inArray } from 'drizzle-orm';
import type { PickupStore } from '@haat/shared/orders/order.types';
import type { Db } from '../db/database.js';
import { stores } from './stores.table.js';

/** The stores of some ids as they are now (name, promise, open), for the orders' store queue and overview. */
export async function storesByIds(
  db: Pick<Db, 'select'>,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; promiseMinutes: number; open: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: stores.id, name: stores.name, promiseMinutes: stores.promiseMinutes, open: stores.open })
    .from(stores)
    .where(inArray(stores.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The stores of some ids (all the open ones when `ids` is 'open') as a shopper picks up at them: place, counter hours,
 * and whether they are open now.
 */
export async function pickupStoresByIds(db: Pick<Db, 'select'>, ids: readonly string[] | 'open'): Promise<Map<string, PickupStore & { open: boolean }>> {
  if (ids !== 'open' && ids.length === 0) return new Map();
  const rows = await db
    .select({
      _id: stores.id,
      name: stores.name,
      address: stores.address,
      city: stores.city,
      state: stores.state,
      pincode: stores.pincode,
      opensAt: stores.opensAt,
      closesAt: stores.closesAt,
      open: stores.open,
    })
    .from(stores)
    .where(ids === 'open' ? eq(stores.open, true) : inArray(stores.id, [...ids]));
  return new Map(rows.map((r) => [r._id, r]));
}
