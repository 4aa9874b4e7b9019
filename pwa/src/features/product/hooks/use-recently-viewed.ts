import { useEffect } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { type RecentItem, useDeviceQuery, openStorageWhenWanted } from '../../../lib/storage/device-store';

/** docs/product.md#screens and #records: keeps the product on screen and the 4 viewed before it, on this device only. */
export async function rememberViewed(product: Product, now = Date.now()): Promise<void> {
  const entry: RecentItem = {
    _id: product._id,
    name: product.name,
    image: product.image[0] ?? '',
    price: product.price,
    discount: product.discount,
    viewedAt: now,
  };
  const db = await openStorageWhenWanted();
  await db.transaction('rw', db.recent, async () => {
    await db.recent.put(entry);
    const stale = await db.recent
      .orderBy('viewedAt')
      .reverse()
      .offset(LIMITS.recentlyViewed + 1)
      .primaryKeys();
    await db.recent.bulkDelete(stale);
  });
}

/** Records `product` as viewed, once per product page (the page calls it on its first render, before what is below the fold). */
export function useRememberViewed(product: Product | undefined): void {
  const id = product?._id;
  useEffect(() => {
    if (product) void rememberViewed(product);
    // Once per product page, not on every refresh of the same product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}

/** The other recently viewed products, newest first. */
export function useRecentlyViewed(product: Product | undefined): RecentItem[] | undefined {
  const id = product?._id;
  return useDeviceQuery(
    async (db) => (await db.recent.orderBy('viewedAt').reverse().toArray()).filter((r) => r._id !== id).slice(0, LIMITS.recentlyViewed),
    [id],
  );
}
