import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { db, type RecentItem } from '../../../lib/db';

/** Spec §3: the recently viewed list keeps at most 4 entries, newest first, on this device only. */
export async function rememberViewed(product: Product, now = Date.now()): Promise<void> {
  const entry: RecentItem = {
    _id: product._id,
    name: product.name,
    image: product.image[0] ?? '',
    price: product.price,
    discount: product.discount,
    viewedAt: now,
  };
  await db.transaction('rw', db.recent, async () => {
    await db.recent.put(entry);
    const stale = await db.recent.orderBy('viewedAt').reverse().offset(LIMITS.recentlyViewed).primaryKeys();
    await db.recent.bulkDelete(stale);
  });
}

/** Records `product` as viewed and returns the other recently viewed products, newest first. */
export function useRecentlyViewed(product: Product | undefined): RecentItem[] | undefined {
  const id = product?._id;
  useEffect(() => {
    if (product) void rememberViewed(product);
    // Once per product page, not on every refresh of the same product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return useLiveQuery(async () => (await db.recent.orderBy('viewedAt').reverse().toArray()).filter((r) => r._id !== id), [id]);
}
