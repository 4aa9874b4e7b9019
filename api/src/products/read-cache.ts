interface Entry<V> {
  value: Promise<V>;
  at: number;
  refreshing: boolean;
}

/**
 * A small LRU of public catalogue answers. Callers put the catalogue version in the key: any
 * catalogue write bumps the version, so no answer from before a write is ever served after it on
 * this instance (or, with Redis, on any).
 *
 * What is not a catalogue write (stock taken by orders, new review counts) is bounded by time:
 * an entry older than `ttlMs` is still answered while a fresh one loads in the background
 * (stale-while-revalidate), so a busy listing never stalls every few seconds on a cold query;
 * one older than `maxStaleMs` is not answered at all (an idle key loads afresh).
 */
export class ReadCache<V> {
  /** For metrics, across every cache of the process: answers found (fresh or stale) and loads. */
  static readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly max = 5000,
    private readonly ttlMs = 5000,
    private readonly maxStaleMs = 3 * ttlMs,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const age = hit ? this.now() - hit.at : Infinity;
    if (!hit || age >= this.maxStaleMs) {
      ReadCache.stats.misses += 1;
      return this.fill(key, load);
    }
    ReadCache.stats.hits += 1;
    // Most recently used goes last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    if (age >= this.ttlMs && !hit.refreshing) {
      hit.refreshing = true;
      const fresh = load();
      fresh.then(
        () => this.entries.get(key) === hit && this.entries.set(key, { value: fresh, at: this.now(), refreshing: false }),
        () => this.entries.get(key) === hit && this.entries.delete(key),
      );
    }
    return hit.value;
  }

  private fill(key: string, load: () => Promise<V>): Promise<V> {
    const entry: Entry<V> = { value: load(), at: this.now(), refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed load is not remembered: the next caller tries again.
    entry.value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
