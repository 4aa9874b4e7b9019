import { lruCache } from './lru.js';

describe('lruCache', () => {
  it('keeps at most its entries, the least recently used leaving first, with their dispose', () => {
    const gone: string[] = [];
    const cache = lruCache<string, number>(3, { dispose: (_value, key) => gone.push(key) });
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i);
    cache.get('a');
    cache.set('d', 3);
    cache.set('e', 4);
    expect([...cache.keys()].sort()).toEqual(['a', 'd', 'e']);
    expect(cache.size).toBe(3);
    expect(gone).toEqual(['b', 'c']);
  });

  it('forgets an entry after its ttl', () => {
    let now = 1000;
    const cache = lruCache<string, true>(10, { ttl: 20, ttlResolution: 0, perf: { now: () => now } });
    cache.set('k', true);
    now += 19;
    expect(cache.get('k')).toBe(true);
    now += 2;
    expect(cache.get('k')).toBeUndefined();
  });
});
