import type { HaatDB } from './db';
import { openStorage } from './device-store';

const OWNER_KEY = 'user-data-owner';

/** The shopper's own stores; the catalogue stays, it is the same for everyone. */
const userTables = (db: HaatDB) => [db.cart, db.outbox, db.addresses, db.orders, db.wishlist, db.notifyMe];

/** Wipes the signed-in shopper's data from the device (logout, or another user signs in). Loads Dexie if need be (device-store.ts). */
export async function clearUserData(): Promise<void> {
  const db = await openStorage();
  await db.transaction('rw', [...userTables(db), db.meta], async () => {
    await Promise.all(userTables(db).map((t) => t.clear()));
    await db.meta.delete(OWNER_KEY);
  });
}

/** Marks the shopper data as `userId`'s, wiping another's first: one shopper's queued writes never go with another's token. */
export async function claimUserData(userId: string): Promise<void> {
  const db = await openStorage();
  const owner = (await db.meta.get(OWNER_KEY))?.value;
  if (owner === userId) return;
  if (owner !== undefined || (await db.outbox.count()) > 0) await clearUserData();
  await db.meta.put({ key: OWNER_KEY, value: userId });
}
