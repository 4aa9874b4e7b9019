import { lruCache } from '../../common/lru.js';
import { compareText } from './id-order.js';
import { SIMILARITY_THRESHOLD, TYPO_ALTERNATIVES, asciiTrigrams, trigramSimilarity } from './trigrams.js';
import { acceptsCorrection, allowedEdits } from './typo-rule.js';

/** One word of search_words (a lexeme of the catalogue's search vectors) as the index holds it. */
export interface VocabularyWord {
  word: string;
  /** show_trgm of the word's letters and digits (TYPO_FORM_SQL), from PostgreSQL. */
  trigrams: string[];
}

/** A typed word's alternatives: lexemes of the vocabulary with their similarity to it, best first. */
export type Alternatives = Array<{ lexeme: string; similarity: number }>;

const CACHE_LIMIT = 50_000;

/**
 * The vocabulary (search_words) with a trigram index, answering what RANKED_SEARCH's `groups`
 * asks PostgreSQL, by the typo rule (trigrams.ts): the TYPO_ALTERNATIVES words most similar to a
 * typed word (best first, ties by word in code-unit order, as `collate "C"`), each the lexeme itself,
 * among those the typo rule accepts for it (typo-rule.ts: edits by the word's length).
 */
export class Vocabulary {
  private readonly trigramIds = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly sizes: Uint16Array;
  /** Answers by typed word; past CACHE_LIMIT the least recently used goes. */
  private readonly cache = lruCache<string, Alternatives>(CACHE_LIMIT);

  constructor(private readonly words: VocabularyWord[]) {
    this.sizes = new Uint16Array(words.length);
    words.forEach((w, index) => {
      this.sizes[index] = w.trigrams.length;
      for (const t of w.trigrams) {
        let id = this.trigramIds.get(t);
        if (id === undefined) {
          id = this.postings.length;
          this.trigramIds.set(t, id);
          this.postings.push([]);
        }
        this.postings[id]!.push(index);
      }
    });
  }

  get size(): number {
    return this.words.length;
  }

  /** The vocabulary words a typed word (ASCII: its trigrams as asciiTrigrams makes them) may be a typo of, best first. */
  alternatives(token: string, stem: string | null): Alternatives {
    if (allowedEdits(token) === 0) return [];
    const cached = this.cache.get(token);
    if (cached) return cached;
    const tokenTrigrams = asciiTrigrams(token) ?? [];
    const shared = new Map<number, number>();
    for (const t of tokenTrigrams) {
      const id = this.trigramIds.get(t);
      if (id === undefined) continue;
      for (const w of this.postings[id]!) shared.set(w, (shared.get(w) ?? 0) + 1);
    }
    const best: Array<{ index: number; s: number }> = [];
    for (const [index, count] of shared) {
      const s = trigramSimilarity(count, tokenTrigrams.length, this.sizes[index]!);
      if (s >= SIMILARITY_THRESHOLD && acceptsCorrection(token, stem, this.words[index]!.word)) best.push({ index, s });
    }
    best.sort((a, b) => b.s - a.s || compareText(this.words[a.index]!.word, this.words[b.index]!.word));
    const answer: Alternatives = best.slice(0, TYPO_ALTERNATIVES).map(({ index, s }) => ({ lexeme: this.words[index]!.word, similarity: s }));
    this.cache.set(token, answer);
    return answer;
  }
}
