import { GrowableIds, GrowableInt32, GrowableUint32, GrowableUint8 } from './growable.js';
import { idAfter, type IdOrder } from './id-order.js';
import type { WordGroups } from './index-query.js';
import { BUCKETS, BUCKET_OF, CODE_ORDER } from './weights.js';

/**
 * A laid-out list holding at least this share of the products also keeps them as a bit set (an eighth of a byte a
 * product, at most 1/16 of the list's own size): a search marks the other lists' products and asks the bit set about
 * them instead of walking a list that holds nearly every product (a word of every description).
 */
export const BIG_LIST = 1 / 16;

/** Postings `from` up to `to` of a list, all of entry code `code` (−1: each its own, in the list's tail codes). */
export interface PostingRun {
  from: number;
  to: number;
  code: number;
}

/** A list marking asks instead of walking (Postings.bigList): its laid-out products as bits, and how many are live. */
export interface BigList {
  lex: number;
  /** The word it is an item of, as a mask bit. */
  bit: number;
  bits: Uint32Array;
  /** How many products of the list were laid out (its tail follows them), and how many of those are live. */
  laidOut: number;
  alive: number;
}

/**
 * Each product's entries (its lexemes and where in it each is, weights.ts `entryCode`), and per lexeme its posting list:
 * the products holding it and the code of its entry in each. Products get dense numbers in the order they arrive; a
 * gone one keeps its entries with a count of −1 (lists are append-only).
 */
export class Postings {
  readonly entryStart = new GrowableInt32(1024);
  /** Entries per product; −1 once the product is gone or replaced. */
  readonly entryCount = new GrowableInt32(1024);
  /** Per entry (a product's lexemes, product after product): its lexeme, and where the word is (weights.ts). */
  readonly entryLex = new GrowableIds(1024);
  readonly entryCode = new GrowableUint8(1024);
  /** Per lexeme: the products holding it, in the order they arrived (laid out in buckets by code, then a tail: `runs`). */
  readonly lexDocs: GrowableUint32[] = [];
  /**
   * Per lexeme: the code of its entry in each product of its list's tail (those put after the layout). A laid-out
   * bucket holds one code, so its products need none (a byte a posting was 18.5 MiB at a million products).
   */
  readonly tailCodes: GrowableUint8[] = [];
  /** Per lexeme: how many of the products in its postings are gone; and of those laid out. */
  private readonly lexGone: number[] = [];
  private readonly lexGoneLaidOut: number[] = [];
  /** The laid-out products of the lists holding BIG_LIST of them at least, as bit sets by product number. */
  private readonly bigLists = new Map<number, Uint32Array>();
  /** Products numbered below this were laid out in buckets; later ones join the lists' tails in the order they come. */
  laidOut = 0;
  /** Lexemes numbered below this were laid out: lexeme × BUCKETS + b is where bucket b of its list starts in `bucketAt`'s numbering. */
  laidOutLex = 0;
  bucketAt: Uint32Array = new Uint32Array(1);
  /** True when the laid-out products' numbers are in id order (see BUCKETS): else every search ranks every match. */
  idOrdered = false;
  /**
   * While a fresh index is built, no list is kept: `layOut` makes every one at once from the products' entries, each a
   * view of one buffer (no list is grown by doubling, which left up to half of each unused and the freed copies in the
   * heap). False once laid out; later products join the lists directly.
   */
  private pending = true;
  /** Per product, a bit: set once it is gone (what `entryCount` says, 32 products a number, for counting set against set). */
  readonly gone = new GrowableInt32(32);
  /** Products held (put and not gone), and gone. */
  held = 0;
  dead = 0;

  /** Makes the (empty) list of a lexeme new to the lexicon. */
  addLexeme(): void {
    this.lexDocs.push(new GrowableUint32(2));
    this.tailCodes.push(new GrowableUint8(2));
    this.lexGone.push(0);
    this.lexGoneLaidOut.push(0);
  }

  /** Holds the entries of the next product, `doc`. */
  add(doc: number, lexes: number[], codes: number[]): void {
    this.entryStart.push(this.entryLex.length);
    this.entryCount.push(lexes.length);
    if (doc >>> 5 >= this.gone.length) this.gone.push(0);
    for (let e = 0; e < lexes.length; e++) {
      this.entryLex.push(lexes[e]!);
      this.entryCode.push(codes[e]!);
      if (!this.pending) {
        this.lexDocs[lexes[e]!]!.push(doc);
        this.tailCodes[lexes[e]!]!.push(codes[e]!);
      }
    }
    this.held += 1;
  }

  /** True while the product is held. */
  alive(doc: number): boolean {
    return this.entryCount.buf[doc]! >= 0;
  }

  remove(doc: number): void {
    const start = this.entryStart.buf[doc]!;
    for (let e = start, end = start + this.entryCount.buf[doc]!; e < end; e++) {
      const lex = this.entryLex.buf[e]!;
      this.lexGone[lex]! += 1;
      if (doc < this.laidOut) this.lexGoneLaidOut[lex]! += 1;
    }
    this.entryCount.buf[doc] = -1;
    this.gone.buf[doc >>> 5]! |= 1 << (doc & 31);
    this.held -= 1;
    this.dead += 1;
  }

  /**
   * A lexeme's list in runs: its laid-out buckets that hold products, each of one code, then its tail (code −1: the
   * codes are `tailCodes`, from `from` on).
   */
  runs(lex: number): PostingRun[] {
    const runs: PostingRun[] = [];
    let tail = 0;
    if (lex < this.laidOutLex) {
      const base = this.bucketAt[lex * BUCKETS]!;
      for (let b = 0; b < BUCKETS; b++) {
        const [from, to] = [this.bucketAt[lex * BUCKETS + b]! - base, this.bucketAt[lex * BUCKETS + b + 1]! - base];
        if (to > from) runs.push({ from, to, code: CODE_ORDER[b]! });
      }
      tail = this.bucketAt[(lex + 1) * BUCKETS]! - base;
    }
    if (this.lexDocs[lex]!.length > tail) runs.push({ from: tail, to: this.lexDocs[lex]!.length, code: -1 });
    return runs;
  }

  /** How many live products a list holds. */
  liveCount(lex: number): number {
    return this.lexDocs[lex]!.length - this.lexGone[lex]!;
  }

  /**
   * Makes every list from what the `docs` products put so far hold, counted first so that each list is an exact view of
   * one buffer, in buckets (BUCKETS). Gone products are left out (a search skips them anyway).
   */
  layOut(docs: number, lexicon: number, order: IdOrder): void {
    if (!this.pending) return;
    this.pending = false;
    const perKey = this.fillLists(docs, lexicon);
    this.bucketAt = perKey;
    this.laidOut = docs;
    this.laidOutLex = lexicon;
    // The lists hold no gone product now.
    this.lexGone.fill(0);
    this.lexGoneLaidOut.fill(0);
    for (let lex = 0; lex < lexicon; lex++) {
      const list = this.lexDocs[lex]!;
      if (list.length < docs * BIG_LIST || docs < 1024) continue;
      const bits = new Uint32Array(Math.ceil(docs / 32));
      for (let p = 0; p < list.length; p++) bits[list.buf[p]! >>> 5]! |= 1 << (list.buf[p]! & 31);
      this.bigLists.set(lex, bits);
    }
    const counts = this.entryCount.buf;
    this.idOrdered = true;
    for (let doc = 0, before = -1; doc < docs && this.idOrdered; doc++) {
      if (counts[doc]! < 0) continue;
      if (before >= 0 && !idAfter(order, doc, before)) this.idOrdered = false;
      before = doc;
    }
  }

  /** `layOut`'s lists, each a view of one buffer; answers where each (lexeme, bucket) starts. */
  private fillLists(docs: number, lexicon: number): Uint32Array {
    const starts = this.entryStart.buf;
    const counts = this.entryCount.buf;
    const entryLex = this.entryLex.buf;
    const codes = this.entryCode.buf;
    // Where each (lexeme, bucket) starts: counted, then summed.
    const keys = lexicon * BUCKETS;
    const perKey = new Uint32Array(keys + 1);
    for (let doc = 0; doc < docs; doc++)
      for (let e = starts[doc]!, end = e + Math.max(0, counts[doc]!); e < end; e++) perKey[entryLex[e]! * BUCKETS + BUCKET_OF[codes[e]!]! + 1]! += 1;
    for (let k = 0; k < keys; k++) perKey[k + 1]! += perKey[k]!;
    const allDocs = new Uint32Array(perKey[keys]!);
    const at = perKey.slice(0, keys);
    for (let doc = 0; doc < docs; doc++)
      for (let e = starts[doc]!, end = e + Math.max(0, counts[doc]!); e < end; e++) {
        allDocs[at[entryLex[e]! * BUCKETS + BUCKET_OF[codes[e]!]!]!++] = doc;
      }
    for (let lex = 0; lex < lexicon; lex++) {
      const from = perKey[lex * BUCKETS]!;
      const to = perKey[(lex + 1) * BUCKETS]!;
      this.lexDocs[lex]!.adopt(allDocs.subarray(from, to));
    }
    return perKey;
  }

  /** Room for `products` products and `entries` entries in all (growable.ts `ensure`). */
  ensure(products: number, entries: number): void {
    for (const g of [this.entryStart, this.entryCount]) g.ensure(products);
    this.gone.ensure((products + 31) >>> 5);
    this.entryLex.ensure(entries);
    this.entryCode.ensure(entries);
  }

  /** Trims the per-product arrays to what they hold (growable.ts). */
  trim(): void {
    for (const g of [this.entryStart, this.entryCount, this.gone, this.entryLex, this.entryCode]) g.trim();
  }

  /**
   * The longest list of the search's items with a bit set (BIG_LIST), when it is the only one and holds more products
   * than all the others together: marking asks it instead of walking it.
   */
  bigList(groups: WordGroups): BigList | null {
    let found: BigList | null = null;
    let others = 0;
    groups.forEach((items, g) => {
      for (const lex of items.keys()) {
        const bits = this.bigLists.get(lex);
        const laidOut = lex < this.laidOutLex ? this.bucketAt[(lex + 1) * BUCKETS]! - this.bucketAt[lex * BUCKETS]! : 0;
        if (bits && !found) found = { lex, bit: 1 << g, bits, laidOut, alive: laidOut - this.lexGoneLaidOut[lex]! };
        else others += this.lexDocs[lex]!.length;
      }
    });
    const chosen = found as BigList | null;
    return chosen && chosen.laidOut > others ? chosen : null;
  }
}
