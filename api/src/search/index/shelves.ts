import { GrowableInt32 } from './growable.js';
import { PREFIX } from './weights.js';

/**
 * A hit through a shelf's name (its category or subcategory: "books" for every book) is worth this
 * much, whatever the product's own name says.
 */
export const SHELF_HIT = 0.5;
/**
 * And every product on a shelf whose name the search words make up gets this times the share of
 * that name they cover: "fiction" covers Fiction whole and Non-fiction (non, fiction, non-fict) a
 * third, so fiction ranks first; a whole shelf name outranks a word in a product's name.
 */
export const SHELF_NAME = 1;

/**
 * The shelves products sit on, each a set of names (the products' subcategories and categories,
 * as lexemes of the lexicon): products sharing the same names share a shelf, so a million products
 * cost one number each, and a search word is matched against a few dozen shelves rather than their
 * products (docs/decisions/0001-one-search-ranking.md).
 */
export class Shelves {
  private readonly keys = new Map<string, number>();
  /** Per shelf: its names, each the lexicon ids of its lexemes. */
  private readonly names: number[][][] = [];
  private readonly docs: GrowableInt32[] = [];
  /** Lexicon id → the shelves with a name holding it. */
  private readonly byLex = new Map<number, number[]>();
  /** Per product: its shelf, or −1. */
  readonly of = new GrowableInt32(1024);

  get count(): number {
    return this.names.length;
  }

  /** Trims every shelf's product list to what it holds (growable.ts). */
  trim(): void {
    for (const docs of this.docs) docs.trim();
  }

  /** Puts the next product (they arrive in order) on the shelf these names make. */
  add(doc: number, names: number[][]): void {
    if (names.length === 0) {
      this.of.push(-1);
      return;
    }
    const key = JSON.stringify(names);
    let shelf = this.keys.get(key);
    if (shelf === undefined) {
      shelf = this.names.length;
      this.keys.set(key, shelf);
      this.names.push(names);
      this.docs.push(new GrowableInt32(16));
      for (const lex of new Set(names.flat())) {
        const list = this.byLex.get(lex) ?? [];
        list.push(shelf);
        this.byLex.set(lex, list);
      }
    }
    this.docs[shelf]!.push(doc);
    this.of.push(shelf);
  }

  /**
   * What the search words make of the shelves: per shelf whose names hold an item of a word, that
   * word's best hit through them (`hits[shelf][word]`) and the bonus of the name they cover best.
   */
  match(groups: Array<Map<number, number>>): ShelfMatch[] {
    const found = new Map<number, number[]>();
    groups.forEach((items, g) => {
      for (const [lex, weight] of items) {
        // A whole word (or its correction) names a shelf; an unfinished one ("wa") would pull in whole shelves.
        if (weight === PREFIX) continue;
        for (const shelf of this.byLex.get(lex) ?? []) {
          const hits = found.get(shelf) ?? new Array<number>(groups.length).fill(0);
          hits[g] = Math.max(hits[g]!, weight * SHELF_HIT);
          found.set(shelf, hits);
        }
      }
    });
    const typed = (lex: number) => groups.some((items) => items.has(lex));
    return [...found].map(([shelf, hits]) => {
      let cover = 0;
      for (const name of this.names[shelf]!) cover = Math.max(cover, name.filter(typed).length / name.length);
      let bits = 0;
      hits.forEach((h, g) => (bits |= h > 0 ? 1 << g : 0));
      return { shelf, hits, bits, bonus: SHELF_NAME * cover, docs: this.docs[shelf]! };
    });
  }
}

export interface ShelfMatch {
  shelf: number;
  /** Per word: its best hit through the shelf's names (0 when none holds it). */
  hits: number[];
  /** The words the shelf's names hold, as a word mask. */
  bits: number;
  bonus: number;
  docs: GrowableInt32;
}
