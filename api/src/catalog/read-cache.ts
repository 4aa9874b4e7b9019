import type { LRUCache } from 'lru-cache';
import { lruCache } from '../common/lru.js';

interface Entry<V> {
  value: Promise<V>;
  at: number;
  refreshing: boolean;
  /** The products this answer shows (known once it has loaded); a change to one of them drops it. */
  tags?: string[];
}

/** The products an answer shows, from the answer (and its key). */
type Tags<V> = (value: V, key: string) => string[];

/** Past this many remembered product changes, loads that began before the oldest are not kept (see `changedSince`). */
const CHANGES_KEPT = 10_000;

/**
 * A small LRU of public catalogue answers. Callers put the catalogue version in the key: an admin's
 * catalogue write bumps the version, so no answer from before it is ever served after it on this
 * instance (or, with Redis, on any).
 *
 * A change to one product (a review, an order, a stock movement) must not drop every answer of
 * the shop: an answer loaded with `tagsOf` is tagged with the products it shows, and `drop(ids)`
 * removes only the answers tagged with one of them. A load that was under way when one of its
 * products changed is not kept either (it may have read the product before the change).
 *
 * What nothing announces is bounded by time: an entry older than `ttlMs` is still answered while a
 * fresh one loads in the background (stale-while-revalidate), so a busy listing never stalls every
 * few seconds on a cold query; one older than `maxStaleMs` is not answered at all (an idle key loads
 * afresh).
 */
export class ReadCache<V> {
  /** For metrics, across every cache of the process: answers found (fresh or stale) and loads. */
  static readonly stats = { hits: 0, misses: 0 };
  /** Key → answer, least recently used evicted past `max`; whatever leaves it (evicted, replaced, removed) is untagged. */
  private readonly entries: LRUCache<string, Entry<V>>;
  /** Product id → keys of the answers that show it. */
  private readonly tagged = new Map<string, Set<string>>();
  /** Product id → the change number of its last change; and the count of changes so far. */
  private readonly changed = new Map<string, number>();
  private changes = 0;
  /** Loads that began at or before this change number are not kept (the change list was cut). */
  private forgottenUpTo = 0;

  constructor(
    max = 5000,
    private readonly ttlMs = 5000,
    private readonly maxStaleMs = 3 * ttlMs,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = lruCache<string, Entry<V>>(max, { dispose: (entry, key) => this.untag(key, entry) });
  }

  /** A read the caller chose not to keep here (its own rule: catalog/products.service.ts keeps a search from its second ask): loaded as it is, and counted as a miss. */
  passOver(load: () => Promise<V>): Promise<V> {
    ReadCache.stats.misses += 1;
    return load();
  }

  get(key: string, load: () => Promise<V>, tagsOf?: Tags<V>): Promise<V> {
    // A get makes the key the most recently used (the last to be evicted).
    const hit = this.entries.get(key);
    const age = hit ? this.now() - hit.at : Infinity;
    if (!hit || age >= this.maxStaleMs) {
      ReadCache.stats.misses += 1;
      return this.fill(key, load, tagsOf);
    }
    ReadCache.stats.hits += 1;
    if (age >= this.ttlMs && !hit.refreshing) {
      hit.refreshing = true;
      const began = this.changes;
      const fresh = load();
      fresh.then(
        (value) => {
          if (this.entries.peek(key) !== hit) return;
          const entry: Entry<V> = { value: fresh, at: this.now(), refreshing: false };
          this.remove(key);
          if (this.keep(key, entry, value, began, tagsOf)) this.entries.set(key, entry);
        },
        () => this.entries.peek(key) === hit && this.remove(key),
      );
    }
    return hit.value;
  }

  /** Whether an answer for `key` is held (fresh or stale), without making it the most recently used. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * Answers for many keys at once: those held and younger than `ttlMs` as they are, and the rest (none held, or
   * older: no stale answer here) from one `loadMissing` call, its answers in the order of the keys it was given,
   * each then kept under its own key as `get` keeps one, when `admit` lets it in.
   */
  getMany(
    keys: readonly string[],
    loadMissing: (keys: string[]) => Promise<V[]>,
    tagsOf?: Tags<V>,
    admit: (key: string) => boolean = () => true,
  ): Promise<V[]> {
    const now = this.now();
    const answers = new Map<string, Promise<V>>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const hit = this.entries.get(key);
      if (hit && now - hit.at < this.ttlMs) {
        ReadCache.stats.hits += 1;
        answers.set(key, hit.value);
      } else missing.push(key);
    }
    if (missing.length > 0) {
      ReadCache.stats.misses += missing.length;
      const batch = loadMissing(missing);
      missing.forEach((key, i) => {
        const load = () => batch.then((values) => values[i] as V);
        answers.set(key, this.entries.has(key) || admit(key) ? this.fill(key, load, tagsOf) : load());
      });
    }
    return Promise.all(keys.map((key) => answers.get(key)!));
  }

  private fill(key: string, load: () => Promise<V>, tagsOf?: Tags<V>): Promise<V> {
    const began = this.changes;
    const entry: Entry<V> = { value: load(), at: this.now(), refreshing: false };
    this.remove(key);
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.peek(key) === entry && !this.keep(key, entry, value, began, tagsOf)) this.remove(key);
      },
      // A failed load is not remembered: the next caller tries again.
      () => this.entries.peek(key) === entry && this.remove(key),
    );
    return entry.value;
  }

  /** Tags a loaded answer; false when one of its products changed while it loaded (it must not be kept). */
  private keep(key: string, entry: Entry<V>, value: V, began: number, tagsOf?: Tags<V>): boolean {
    if (!tagsOf) return true;
    const tags = tagsOf(value, key);
    if (tags.some((id) => this.changedSince(id, began))) return false;
    entry.tags = tags;
    for (const id of tags) {
      let keys = this.tagged.get(id);
      if (!keys) this.tagged.set(id, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  private changedSince(id: string, began: number): boolean {
    return began < this.forgottenUpTo || (this.changed.get(id) ?? 0) > began;
  }

  /** These products changed: drop every answer that shows one of them, and any load of one now under way. */
  drop(ids: readonly string[]): void {
    for (const id of ids) {
      this.changes += 1;
      this.changed.set(id, this.changes);
      const keys = this.tagged.get(id);
      if (!keys) continue;
      this.tagged.delete(id);
      for (const key of keys) this.remove(key);
    }
    if (this.changed.size > CHANGES_KEPT) {
      this.changed.clear();
      this.forgottenUpTo = this.changes;
    }
  }

  private remove(key: string): void {
    this.entries.delete(key);
  }

  private untag(key: string, entry: Entry<V>): void {
    for (const id of entry.tags ?? []) {
      const keys = this.tagged.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(id);
    }
  }

  clear(): void {
    this.entries.clear();
    this.tagged.clear();
  }
}

/**
 * Which keys have been asked for before, remembered as 31-bit hashes (numbers, not strings: a set of small numbers is
 * nearly free to hold and to collect) up to `max`, then forgotten all at once. A key two hashes share counts as asked
 * (it is kept one ask early); nothing else is lost.
 */
export class AskedBefore {
  private readonly seen = new Set<number>();

  constructor(private readonly max = 50_000) {}

  /** True when `key` was asked for before; remembers it either way. */
  check(key: string): boolean {
    // FNV-1a over the UTF-16 units, folded to 31 bits.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    h &= 0x7fffffff;
    if (this.seen.has(h)) return true;
    if (this.seen.size >= this.max) this.seen.clear();
    this.seen.add(h);
    return false;
  }
}
