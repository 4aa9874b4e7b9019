import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `entries` entries whose storage grows as it fills. lru-cache's `max` allocates room for every
 * entry when the cache is made (arrays of `max` slots, and with a ttl two more filled with zeros): the API's caches of
 * 10,000 to 100,000 entries cost every start of the API about 70 ms of CPU and megabytes it may never use, and each
 * test app the same. A size of 1 an entry under `maxSize` bounds the cache alike and allocates nothing up front.
 */
export function lruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
  options: Omit<LRUCache.Options<K, V, unknown>, 'max' | 'maxSize' | 'sizeCalculation'> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}
