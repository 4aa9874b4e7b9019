import { AskedBefore, ReadCache } from './read-cache.js';

/** A clock the test moves by hand, and a loader that counts its calls and answers what it is told. */
function setup(ttl = 100, maxStale = 300, max = 3) {
  let now = 0;
  const cache = new ReadCache<string>(max, ttl, maxStale, () => now);
  let calls = 0;
  let answer = 'v1';
  const load = () => {
    calls += 1;
    return Promise.resolve(answer);
  };
  return {
    cache,
    load,
    get calls() {
      return calls;
    },
    set answer(a: string) {
      answer = a;
    },
    tick: (ms: number) => (now += ms),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('ReadCache', () => {
  it('answers from the cache while fresh; another key (a new catalogue version) loads anew', async () => {
    const s = setup();
    expect(await s.cache.get('v1|list', s.load)).toBe('v1');
    s.answer = 'v2';
    expect(await s.cache.get('v1|list', s.load)).toBe('v1');
    expect(s.calls).toBe(1);
    expect(await s.cache.get('v2|list', s.load)).toBe('v2');
    expect(s.calls).toBe(2);
  });

  it('passes over a read its caller does not keep: loaded each time and counted as a miss', async () => {
    const s = setup();
    const misses = ReadCache.stats.misses;
    expect(await s.cache.passOver(s.load)).toBe('v1');
    expect(await s.cache.passOver(s.load)).toBe('v1');
    expect(s.calls).toBe(2);
    expect(ReadCache.stats.misses - misses).toBe(2);
  });

  it('past the TTL answers the old value once while loading the new one, then the new one', async () => {
    const s = setup();
    await s.cache.get('k', s.load);
    s.answer = 'v2';
    s.tick(150);
    const [first, second] = [s.cache.get('k', s.load), s.cache.get('k', s.load)];
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    expect(s.calls).toBe(2); // one refresh at a time
    await settle();
    expect(await s.cache.get('k', s.load)).toBe('v2');
    expect(s.calls).toBe(2);
  });

  it('never answers an entry older than maxStale: an idle key loads afresh', async () => {
    const s = setup();
    await s.cache.get('k', s.load);
    s.answer = 'v2';
    s.tick(300);
    expect(await s.cache.get('k', s.load)).toBe('v2');
  });

  it('forgets failed loads and evicts the least recently used key beyond its size', async () => {
    const s = setup();
    await expect(s.cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await s.cache.get('bad', s.load)).toBe('v1');
    await s.cache.get('a', s.load);
    await s.cache.get('b', s.load);
    await s.cache.get('bad', s.load); // touched: now the most recent
    await s.cache.get('c', s.load); // over the size of 3: 'a' goes
    const before = s.calls;
    await s.cache.get('bad', s.load);
    await s.cache.get('a', s.load);
    expect(s.calls).toBe(before + 1);
  });

  it('a change to one product drops only the answers that show it', async () => {
    const cache = new ReadCache<string[]>(10, 60_000);
    let loads = 0;
    const page = (ids: string[]) => () => {
      loads += 1;
      return Promise.resolve(ids);
    };
    const tags = (ids: string[]) => ids;
    await cache.get('page1', page(['a', 'b']), tags);
    await cache.get('page2', page(['c', 'd']), tags);
    await cache.get('detail-c', page(['c']), tags);
    await settle();
    cache.drop(['c']);
    await cache.get('page1', page(['a', 'b']), tags);
    expect(loads).toBe(3); // page1 kept
    await cache.get('page2', page(['c', 'd']), tags);
    await cache.get('detail-c', page(['c']), tags);
    expect(loads).toBe(5); // both answers showing c loaded again
  });

  it('an evicted answer is forgotten by its products: a change to one no longer drops what the key shows now', async () => {
    const cache = new ReadCache<string[]>(2, 60_000);
    let loads = 0;
    const page = (ids: string[]) => () => {
      loads += 1;
      return Promise.resolve(ids);
    };
    const tags = (ids: string[]) => ids;
    await cache.get('p', page(['x']), tags);
    await cache.get('q', page(['y']), tags);
    await cache.get('r', page(['z']), tags); // over the size of 2: 'p' goes
    await cache.get('p', page(['w']), tags); // loaded again, now showing w ('q' goes)
    await settle();
    expect(loads).toBe(4);
    cache.drop(['x']); // no answer shows x any more
    await cache.get('p', page(['w']), tags);
    expect(loads).toBe(4);
    cache.drop(['w']);
    await cache.get('p', page(['w']), tags);
    expect(loads).toBe(5);
  });

  it('does not keep an answer whose product changed while it loaded', async () => {
    const cache = new ReadCache<string[]>(10, 60_000);
    let release: (ids: string[]) => void = () => undefined;
    const slow = cache.get(
      'page',
      () => new Promise<string[]>((r) => (release = r)),
      (ids) => ids,
    );
    cache.drop(['x']);
    release(['x', 'y']);
    expect(await slow).toEqual(['x', 'y']);
    await settle();
    let loads = 0;
    await cache.get(
      'page',
      () => {
        loads += 1;
        return Promise.resolve(['x', 'y']);
      },
      (ids) => ids,
    );
    expect(loads).toBe(1);
  });

  describe('getMany', () => {
    /** A loader of many keys that records what it was asked for and answers each key's current value. */
    function many(ttl = 100) {
      let now = 0;
      const cache = new ReadCache<string | null>(10, ttl, ttl, () => now);
      const asked: string[][] = [];
      const values = new Map<string, string>([
        ['a', 'a1'],
        ['b', 'b1'],
        ['c', 'c1'],
      ]);
      const load = (keys: string[]) => {
        asked.push(keys);
        return Promise.resolve(keys.map((k) => values.get(k) ?? null));
      };
      const byKey = (_value: string | null, key: string) => [key];
      return { cache, asked, values, load, byKey, tick: (ms: number) => (now += ms) };
    }

    it('loads only the keys it does not hold, all in one call, and answers in the order asked (repeats included)', async () => {
      const m = many();
      expect(await m.cache.getMany(['a', 'b'], m.load, m.byKey)).toEqual(['a1', 'b1']);
      expect(await m.cache.getMany(['c', 'a', 'x', 'c'], m.load, m.byKey)).toEqual(['c1', 'a1', null, 'c1']);
      expect(m.asked).toEqual([
        ['a', 'b'],
        ['c', 'x'],
      ]);
      expect(await m.cache.getMany(['b', 'x'], m.load, m.byKey)).toEqual(['b1', null]);
      expect(m.asked).toHaveLength(2);
    });

    it('keeps only what `admit` lets in, and a held key when it loads again (search rows are kept from their second reading)', async () => {
      const m = many();
      const before = new AskedBefore();
      const admit = (key: string) => key !== 'c' && before.check(key);
      expect(await m.cache.getMany(['a', 'b'], m.load, m.byKey, admit)).toEqual(['a1', 'b1']);
      expect(await m.cache.getMany(['a', 'c'], m.load, m.byKey, admit)).toEqual(['a1', 'c1']);
      // Read once: not kept, so read again; the second reading kept it.
      expect(m.asked).toEqual([
        ['a', 'b'],
        ['a', 'c'],
      ]);
      expect(await m.cache.getMany(['a', 'b'], m.load, m.byKey, admit)).toEqual(['a1', 'b1']);
      expect(m.asked.at(-1)).toEqual(['b']);
      expect(await m.cache.getMany(['a', 'b', 'c'], m.load, m.byKey, admit)).toEqual(['a1', 'b1', 'c1']);
      expect(m.asked.at(-1)).toEqual(['c']);
      // Kept once, a key past its TTL is kept again when it loads, whatever `admit` says now.
      m.tick(100);
      m.values.set('a', 'a2');
      expect(await m.cache.getMany(['a'], m.load, m.byKey, () => false)).toEqual(['a2']);
      expect(await m.cache.getMany(['a'], m.load, m.byKey, () => false)).toEqual(['a2']);
      expect(m.asked.at(-1)).toEqual(['a']);
      expect(m.asked).toHaveLength(5);
    });

    it('a change to one key drops it alone; an answer as old as the TTL is loaded again, never answered stale', async () => {
      const m = many();
      await m.cache.getMany(['a', 'b'], m.load, m.byKey);
      m.values.set('a', 'a2').set('b', 'b2');
      m.cache.drop(['a']);
      expect(await m.cache.getMany(['a', 'b'], m.load, m.byKey)).toEqual(['a2', 'b1']);
      expect(m.asked.at(-1)).toEqual(['a']);
      m.tick(100);
      expect(await m.cache.getMany(['a', 'b'], m.load, m.byKey)).toEqual(['a2', 'b2']);
      expect(m.asked.at(-1)).toEqual(['a', 'b']);
    });

    it('decides held or missing once per key, however the clock moves while it asks', async () => {
      // A clock that moves on every reading: a key fresh at the check and past its TTL at a second reading once
      // answered nothing (its load was never in the batch).
      let now = 0;
      const cache = new ReadCache<string>(10, 100, 100, () => (now += 60));
      const asked: string[][] = [];
      const load = (keys: string[]) => (asked.push(keys), Promise.resolve(keys.map((k) => `${k}1`)));
      expect(await cache.getMany(['a'], load)).toEqual(['a1']);
      expect(await cache.getMany(['a', 'b'], load)).toEqual(['a1', 'b1']);
      expect(asked).toEqual([['a'], ['b']]);
    });

    it('does not keep a key whose product changed while the batch loaded, and forgets a failed batch', async () => {
      const m = many();
      let release: (values: string[]) => void = () => undefined;
      const slow = m.cache.getMany(['a', 'b'], () => new Promise<string[]>((r) => (release = r)), m.byKey);
      m.cache.drop(['b']);
      release(['a0', 'b0']);
      expect(await slow).toEqual(['a0', 'b0']);
      await settle();
      expect(await m.cache.getMany(['a', 'b'], m.load, m.byKey)).toEqual(['a0', 'b1']);
      m.cache.drop(['a', 'b']);
      await expect(m.cache.getMany(['a'], () => Promise.reject(new Error('down')), m.byKey)).rejects.toThrow('down');
      await settle();
      expect(await m.cache.getMany(['a'], m.load, m.byKey)).toEqual(['a1']);
    });
  });
});

describe('AskedBefore', () => {
  it('says no to a first ask and yes to every later one, key by key', () => {
    const asked = new AskedBefore();
    expect(asked.check('1|search|{"search":"atta"}')).toBe(false);
    expect(asked.check('1|search|{"search":"dal"}')).toBe(false);
    expect(asked.check('1|search|{"search":"atta"}')).toBe(true);
    expect(asked.check('1|search|{"search":"atta"}')).toBe(true);
    expect(asked.check('2|search|{"search":"atta"}')).toBe(false);
  });

  it('forgets everything once it holds its limit, and starts again', () => {
    const asked = new AskedBefore(3);
    for (const key of ['a', 'b', 'c']) expect(asked.check(key)).toBe(false);
    expect(asked.check('a')).toBe(true);
    expect(asked.check('d')).toBe(false); // the fourth: the set was full, so it starts again from this one
    expect(asked.check('a')).toBe(false);
    expect(asked.check('d')).toBe(true);
  });
});
