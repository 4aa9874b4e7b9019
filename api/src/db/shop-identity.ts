import { randomBytes } from 'node:crypto';
import type { Db } from './database.js';
import { shopIdentity } from './shop-identity.table.js';

/**
 * The id this shop was given the first time it started on its database: made here once (the first
 * instance to insert wins, the others read its row), then read back by every instance of the shop.
 * 48 random bits: two shops on one Redis never draw the same by accident.
 */
export async function shopId(db: Db): Promise<string> {
  await db
    .insert(shopIdentity)
    .values({ shopId: randomBytes(6).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ shopId: shopIdentity.shopId }).from(shopIdentity).limit(1);
  if (!row) throw new Error('shop_identity holds no row after it was written');
  return row.shopId;
}
