import { openStorageWhenWanted } from '../../../lib/storage/device-store';
import { cachedLists, cachedProducts } from '../../../lib/storage/device-collections';
import { rowsFor, storeAnswer } from '../../../lib/storage/server-copy';
import type { ProductPage } from '../api';

/**
 * Writes one page, asked at `asked` (askedNow), into IndexedDB through the one rule: the products themselves (so
 * detail pages and offline search find them) and the list's ids in order. On a device with nothing stored yet, the
 * write waits until storage is wanted (lib/storage/device-store.ts): the screen shows the network's answer meanwhile.
 */
export async function saveProductPage(key: string, result: ProductPage, asked: number): Promise<void> {
  const list = { key, ids: result.items.map((p) => p._id), total: result.total, page: result.page, totalPage: result.totalPage, savedAt: Date.now() };
  await storeAnswer(asked, [rowsFor(cachedProducts, result.items), rowsFor(cachedLists, [list])], openStorageWhenWanted);
}
