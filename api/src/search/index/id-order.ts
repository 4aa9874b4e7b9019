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

export interface PageNarrowing {
  keep: (doc: number) => boolean;
  first: number;
}

const KEY_CHARS = 7;
/** Four keys cover 28 characters: a ULID (26) whole, so equal keys mean equal ids. */
const ID_KEYS = 4;

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

  constructor(
    private readonly size: number,
    private readonly order: IdOrder,
  ) {}

  private better(rankA: number, docA: number, rankB: number, docB: number): boolean {
    return rankA > rankB || (rankA === rankB && idAfter(this.order, docA, docB));
  }

  /** True when a short list holds `size` products (the page is full; lastRank and lastDoc are its last). */
  get full(): boolean {
    return this.docs.length === this.size && this.size <= SHORT_LIST;
  }

  get lastRank(): number {
    return this.ranks[this.size - 1]!;
  }

  get lastDoc(): number {
    return this.docs[this.size - 1]!;
  }

  offer(doc: number, rank: number): void {
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

  page(offset: number): string[] {
    const narrow = this.order.narrow;
    // More offered than the list holds: a narrowed search answers only how many (SearchIndex `narrowed`), so no sort.
    if (narrow && this.docs.length > this.size) return [];
    let order = this.docs.map((_, i) => i);
    const large = this.size > SHORT_LIST;
    // Narrowed, with every product offered among its first: what it drops is dropped before the sort, never sorted.
    const kept = !!narrow && large && narrow.first >= order.length;
    if (kept) order = order.filter((i) => narrow.keep(this.docs[i]!));
    if (large) {
      order.sort((a, b) => (this.better(this.ranks[a]!, this.docs[a]!, this.ranks[b]!, this.docs[b]!) ? -1 : 1));
      order = order.slice(0, this.size);
    }
    if (!narrow) return order.slice(offset).map((i) => this.order.id(this.docs[i]!));
    const shown = kept ? order.slice(offset) : order.slice(offset, offset + narrow.first).filter((i) => narrow.keep(this.docs[i]!));
    return shown.map((i) => String(this.docs[i]!));
  }
}
