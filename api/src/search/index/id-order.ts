/** Past this many rows to skip, a page sorts every match instead of keeping a short best list. */
export const SHORT_LIST = 256;

/** Code-unit order of two strings: all a prefix search needs of the sorted lexicon. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How product ids compare (as strings, newest first on ties): ID_KEYS numbers per product, then the strings. */
export interface IdOrder {
  /** A product's id. */
  id: (doc: number) => string;
  /** ID_KEYS per product, product after product. */
  keys: Float64Array;
  /**
   * A search that goes on with its page (SearchIndex `narrowed`): the page shows product numbers instead of ids, and of
   * its `first` products (counted from the page's start) only those `keep` keeps.
   */
  narrow?: PageNarrowing;
}

/**
 * What a narrowed search keeps (SearchIndex `narrowed`): of the products the ranking offers (those holding every word
 * when some do, ranking.ts), only those `keep` keeps enter the page; how many did, and of those how many `own` prefers
 * and their own best page, are counted as they are offered, so no match is sorted or kept past the page.
 */
export interface PageNarrowing {
  keep: (doc: number) => boolean;
  /** The products preferred when some of the kept are (the shopper's own shelves), or null. */
  own: ((doc: number) => boolean) | null;
  /** Written by the page the search answers with: how many were kept, how many of those `own` prefers, and their page. */
  kept: number;
  owned: number;
  ownPage: number[];
}

export const KEY_CHARS = 7;
/** Four keys cover 28 characters: a ULID (26) whole, so equal keys mean equal ids. */
export const ID_KEYS = 4;

/**
 * Numbers that order ids as their strings do: characters 0–6, 7–13, 14–20 and 21–27, 7 bits each
 * (49 bits, exact in a double), shorter ids padded with 0 (below any character, as a shorter string
 * sorts first). Equal keys fall back to comparing the strings. An id with a character past ASCII in
 * those places gets −1 and is always compared as a string. (Bulk-made ULIDs share their first 14
 * characters: the time and a counter's high digits.)
 */
export function idOrderKeys(id: string): number[] {
  const keys: number[] = [];
  for (let k = 0; k < ID_KEYS; k++) {
    let key = 0;
    for (let i = k * KEY_CHARS; i < (k + 1) * KEY_CHARS; i++) {
      const code = i < id.length ? id.charCodeAt(i) : 0;
      if (code > 127) return new Array<number>(ID_KEYS).fill(-1);
      key = key * 128 + code;
    }
    keys.push(key);
  }
  return keys;
}

/** True when id A sorts after id B. */
export function idAfter(order: IdOrder, docA: number, docB: number): boolean {
  const keys = order.keys;
  const a0 = docA * ID_KEYS;
  const b0 = docB * ID_KEYS;
  if (keys[a0]! >= 0 && keys[b0]! >= 0) {
    for (let k = 0; k < ID_KEYS; k++) {
      const a = keys[a0 + k]!;
      const b = keys[b0 + k]!;
      if (a !== b) return a > b;
    }
  }
  return order.id(docA) > order.id(docB);
}

/** The best `size` (rank desc, id desc) of what is offered; everything when `size` is large, sorted at the end. */
export class TopList {
  private docs: number[] = [];
  private ranks: number[] = [];
  /** Narrowed: how many were kept, and the best of those `own` prefers (counting its own). */
  private kept = 0;
  private owned = 0;
  private readonly own: TopList | null;

  constructor(
    private readonly size: number,
    private readonly order: IdOrder,
  ) {
    this.own = order.narrow?.own ? new TopList(size, { id: order.id, keys: order.keys }) : null;
  }

  private better(rankA: number, docA: number, rankB: number, docB: number): boolean {
    return rankA > rankB || (rankA === rankB && idAfter(this.order, docA, docB));
  }

  /** True when a short list holds `size` products (the page is full; lastRank and lastDoc are its last). Never when narrowed: every match is counted. */
  get full(): boolean {
    return !this.order.narrow && this.docs.length === this.size && this.size <= SHORT_LIST;
  }

  get lastRank(): number {
    return this.ranks[this.size - 1]!;
  }

  get lastDoc(): number {
    return this.docs[this.size - 1]!;
  }

  offer(doc: number, rank: number): void {
    const narrow = this.order.narrow;
    if (narrow) {
      if (!narrow.keep(doc)) return;
      this.kept += 1;
      if (this.own && narrow.own!(doc)) {
        this.owned += 1;
        this.own.offer(doc, rank);
      }
    }
    if (this.size > SHORT_LIST) {
      this.docs.push(doc);
      this.ranks.push(rank);
      return;
    }
    const n = this.docs.length;
    if (n === this.size && !this.better(rank, doc, this.ranks[n - 1]!, this.docs[n - 1]!)) return;
    let i = n === this.size ? n - 1 : n;
    while (i > 0 && this.better(rank, doc, this.ranks[i - 1]!, this.docs[i - 1]!)) {
      this.docs[i] = this.docs[i - 1]!;
      this.ranks[i] = this.ranks[i - 1]!;
      i--;
    }
    this.docs[i] = doc;
    this.ranks[i] = rank;
  }

  /** The products from `offset` on, best first, as ids; narrowed, as product numbers, with the counts written to the narrowing. */
  page(offset: number): string[] {
    const shown = this.sorted().slice(offset);
    const narrow = this.order.narrow;
    if (!narrow) return shown.map((doc) => this.order.id(doc));
    narrow.kept = this.kept;
    narrow.owned = this.owned;
    narrow.ownPage = this.own?.sorted() ?? [];
    return shown.map(String);
  }

  /** The products from `offset` on, best first, as product numbers. */
  best(offset: number): number[] {
    return this.sorted().slice(offset);
  }

  /** The products held, best first (a long list sorted now, cut to `size`). */
  private sorted(): number[] {
    if (this.size <= SHORT_LIST) return this.docs;
    const order = this.docs.map((_, i) => i);
    order.sort((a, b) => (this.better(this.ranks[a]!, this.docs[a]!, this.ranks[b]!, this.docs[b]!) ? -1 : 1));
    return order.slice(0, this.size).map((i) => this.docs[i]!);
  }
}
