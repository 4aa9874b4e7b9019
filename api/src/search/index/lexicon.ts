import { compareText } from './id-order.js';
import type { IndexQuery, WordGroups } from './index-query.js';
import type { Vocabulary } from './vocabulary.js';
import { CORRECTED, EXACT, PREFIX } from './weights.js';

/** The lexemes the index has met (the products' words and their shelves' names), numbered in the order they came. */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  readonly lexemes: string[] = [];
  private sorted: { lexemes: string[]; ids: Int32Array } | null = null;

  get size(): number {
    return this.lexemes.length;
  }

  /** The id of a lexeme held, or undefined. */
  find(lexeme: string): number | undefined {
    return this.ids.get(lexeme);
  }

  /** The id of a lexeme, which joins the lexicon when new (its id is then the lexicon's size before). */
  add(lexeme: string): number {
    let lex = this.ids.get(lexeme);
    if (lex === undefined) {
      lex = this.lexemes.length;
      this.ids.set(lexeme, lex);
      this.lexemes.push(lexeme);
      this.sorted = null;
    }
    return lex;
  }

  /** Readies the sorted view `prefixed` searches, after lexemes joined. */
  seal(): void {
    if (this.sorted) return;
    const order = this.lexemes.map((_, i) => i).sort((a, b) => compareText(this.lexemes[a]!, this.lexemes[b]!));
    this.sorted = { lexemes: order.map((i) => this.lexemes[i]!), ids: Int32Array.from(order) };
  }

  /** The ids of every lexeme that starts with `stem` (the stem itself included). */
  prefixed(stem: string): number[] {
    const { lexemes, ids } = this.sorted!;
    let lo = 0;
    let hi = lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareText(lexemes[mid]!, stem) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < lexemes.length && lexemes[i]!.startsWith(stem); i++) found.push(ids[i]!);
    return found;
  }
}

/**
 * What the typed words may mean, per word (stopwords and words with nothing to match dropped): the lexemes it is (its
 * stem, EXACT), starts (PREFIX), or, when it is no word of the catalogue nor the start of one, the vocabulary's
 * corrections of it (CORRECTED times their similarity, vocabulary.ts), each with the best of these weights.
 */
export function wordGroups(q: IndexQuery, lexicon: Lexicon, vocabulary: Vocabulary): WordGroups {
  const groups: WordGroups = [];
  for (let i = 0; i < q.tokens.length; i++) {
    const items = new Map<number, number>();
    const stem = q.stems[i];
    const offer = (lex: number, weight: number) => items.set(lex, Math.max(items.get(lex) ?? 0, weight));
    const known = stem ? lexicon.prefixed(stem) : [];
    for (const lex of known) offer(lex, lexicon.lexemes[lex] === stem ? EXACT : PREFIX);
    // A word of the catalogue (or the start of one) is what the shopper meant: it is never corrected.
    const alternatives = known.length ? [] : vocabulary.alternatives(q.tokens[i]!, stem ?? null);
    for (const { lexeme, similarity } of alternatives) {
      const lex = lexicon.find(lexeme);
      if (lex !== undefined) offer(lex, lexeme === stem ? EXACT : CORRECTED * similarity);
    }
    // A word with alternatives none of which any product holds matches nothing (as in SQL).
    if (stem || alternatives.length) groups.push(items);
  }
  return groups;
}
