import type { PageNarrowing } from './id-order.js';
import type { BigList } from './postings.js';
import type { Scratch } from './scratch.js';

/** No products: the other sets of a search of fewer than three words, or the gone of an index with none. */
const NONE = new Int32Array(0);

/** A list of products marked as holding word `g`: `buf[from]` up to `buf[to]`. */
interface Marked {
  g: number;
  buf: Uint32Array | Int32Array;
  from: number;
  to: number;
}

/**
 * One search's words as bit sets over the products (the scratch's `wordSets`, all zero between searches), counted as
 * they are set: as a live product gets a word's bit, the other words' sets say how many it held before, so that how
 * many hold each number of words is known once every list is walked. A bit set of an eighth of a byte a product stays in
 * the processor's cache where a byte a product did not, at a million products. The big list's laid-out products are its
 * own bit set (postings.ts BigList), read as one of the word's: they are never walked.
 */
export class WordSets {
  /** Per word, its products' bits, 32 to a number. */
  readonly sets: Int32Array[];
  /** Per number of words (0 up to all), how many live products hold that many. */
  readonly byHeld: Int32Array;
  /** The first `listed` + 1 products found holding every word. */
  readonly full: number[] = [];
  private readonly bigWord: number;
  private readonly bigBits: Int32Array;
  private readonly marked: Marked[] = [];
  private readonly visited: Int32Array;
  private readonly visitedBlocks: number[] = [];
  /**
   * Narrowed (`narrow`): per number of words held, how many of the live products reaching it the narrowing keeps, and
   * of those how many are on the shopper's own shelves, counted for every word and for `least` (the two a page takes).
   */
  readonly keptAt: Int32Array;
  readonly ownedAt: Int32Array;

  constructor(
    scratch: Scratch,
    readonly words: number,
    big: BigList | null,
    /** Per product a bit, set once gone (postings.ts `gone`); null when none is. */
    private readonly gone: Int32Array | null,
    private readonly listed: number,
    private readonly narrow: { by: PageNarrowing; least: number } | null = null,
  ) {
    this.sets = scratch.wordSets.slice(0, words);
    this.visited = scratch.visited;
    this.byHeld = new Int32Array(words + 1);
    this.keptAt = new Int32Array(words + 1);
    this.ownedAt = new Int32Array(words + 1);
    this.bigWord = big ? 31 - Math.clz32(big.bit) : -1;
    this.bigBits = big ? new Int32Array(big.bits.buffer, big.bits.byteOffset, big.bits.length) : new Int32Array(0);
    // Each of the big list's live laid-out products holds its word, before anything is walked.
    if (big) this.byHeld[1] = big.alive;
  }

  /** Sets word `g`'s bit of the live products buf[from] up to buf[to], counting each product new to the word. */
  mark(g: number, buf: Uint32Array | Int32Array, from: number, to: number): void {
    this.marked.push({ g, buf, from, to });
    const set = this.sets[g]!;
    const { byHeld, full, gone, words } = this;
    const big = this.bigBits;
    const bigBlocks = big.length;
    const bigOwn = g === this.bigWord;
    const others = this.sets.filter((_, h) => h !== g);
    if (this.bigWord >= 0 && !bigOwn) others.push(big);
    const listed = this.listed + 1;
    if (!bigOwn && this.narrow === null && others.length <= 2) {
      this.markAgainst(set, others[0] ?? NONE, others[1] ?? NONE, buf, from, to);
      return;
    }
    for (let p = from; p < to; p++) {
      const doc = buf[p]!;
      const block = doc >>> 5;
      const bit = 1 << (doc & 31);
      const had = set[block]!;
      if (had & bit || (bigOwn && block < bigBlocks && big[block]! & bit) || (gone !== null && gone[block]! & bit)) continue;
      set[block] = had | bit;
      let held = 0;
      for (const other of others) if (block < other.length && other[block]! & bit) held++;
      byHeld[held]! -= 1;
      byHeld[held + 1]! += 1;
      if (held + 1 === words && full.length < listed) full.push(doc);
      if (this.narrow !== null) this.narrowed(doc, held + 1);
    }
  }

  /** `mark` of most searches (up to three words, not narrowed, not the big list's own word): the other sets are `a` and `b`. */
  private markAgainst(set: Int32Array, a: Int32Array, b: Int32Array, buf: Uint32Array | Int32Array, from: number, to: number): void {
    const { byHeld, full, words } = this;
    const gone = this.gone ?? NONE;
    const [aBlocks, bBlocks, goneBlocks] = [a.length, b.length, gone.length];
    const listed = this.listed + 1;
    for (let p = from; p < to; p++) {
      const doc = buf[p]!;
      const block = doc >>> 5;
      const bit = 1 << (doc & 31);
      const had = set[block]!;
      if (had & bit || (block < goneBlocks && gone[block]! & bit)) continue;
      set[block] = had | bit;
      const held = (block < aBlocks && a[block]! & bit ? 1 : 0) + (block < bBlocks && b[block]! & bit ? 1 : 0);
      byHeld[held]! -= 1;
      byHeld[held + 1]! += 1;
      if (held + 1 === words && full.length < listed) full.push(doc);
    }
  }

  /** Narrowed: a product reaching `held` words, counted when it is every word or the fewest a page takes and is kept. */
  private narrowed(doc: number, held: number): void {
    const { by, least } = this.narrow!;
    if ((held !== this.words && held !== least) || !by.keep(doc)) return;
    this.keptAt[held]! += 1;
    if (by.own?.(doc)) this.ownedAt[held]! += 1;
  }

  /** The words a product was marked holding (the big list's among them), a bit each. */
  wordsOf(doc: number): number {
    const block = doc >>> 5;
    const bit = 1 << (doc & 31);
    let m = 0;
    for (let g = 0; g < this.words; g++) if (this.sets[g]![block]! & bit) m |= 1 << g;
    if (this.bigWord >= 0 && block < this.bigBits.length && this.bigBits[block]! & bit) m |= 1 << this.bigWord;
    return m;
  }

  /** Marks a product visited: false when it already was. */
  visit(doc: number): boolean {
    const block = doc >>> 5;
    const bit = 1 << (doc & 31);
    const had = this.visited[block]!;
    if (had & bit) return false;
    if (had === 0) this.visitedBlocks.push(block);
    this.visited[block] = had | bit;
    return true;
  }

  /** Sets every bit back to zero: the lists' again, or whole sets when they marked many products. */
  clear(): void {
    const sets = this.sets;
    let postings = 0;
    for (const { from, to } of this.marked) postings += to - from;
    if (sets.length > 0 && postings * 4 > sets[0]!.length) for (const set of sets) set.fill(0);
    else
      for (const { g, buf, from, to } of this.marked) {
        const set = sets[g]!;
        for (let p = from; p < to; p++) set[buf[p]! >>> 5] = 0;
      }
    this.marked.length = 0;
    for (const block of this.visitedBlocks) this.visited[block] = 0;
    this.visitedBlocks.length = 0;
  }
}
