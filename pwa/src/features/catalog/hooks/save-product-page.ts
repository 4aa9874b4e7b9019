import { openStorageWhenWanted } from '../../../lib/storage/storage';
import type { ProductPage } from '../api';

/**
 * Writes one fetched page into IndexedDB in one transaction: the products themselves (so detail pages
 * and offline search find them) and the list's ids in order. Page 1 replaces the list; later pages append.
 * On a device with nothing stored yet, the write waits until storage is wanted (lib/storage/storage.ts): the
 * screen shows the network's answer meanwhile.
 */
export async function saveProductPage(key: string, result: ProductPage): Promise<void> {
  const db = await openStorageWhenWanted();
  await db.transaction('rw', db.products, db.lists, async () => {
    await db.products.bulkPut(result.items);
    const ids = result.items.map((p) => p._id);
    const previous = result.page > 1 ? await db.lists.get(key) : undefined;
    const merged = previous ? [...previous.ids, ...ids.filter((id) => !previous.ids.includes(id))] : ids;
    await db.lists.put({ key, ids: merged, total: result.total, page: result.page, totalPage: result.totalPage, savedAt: Date.now() });
  });
}
