import { LRUCache } from 'lru-cache';
import { compareText } from './search-index.js';
import { SIMILARITY_THRESHOLD, TYPO_ALTERNATIVES, trigramSimilarity } from './trigrams.js';

/**
 * One word of search_words as the index holds it. `stem` is what to_tsquery('english', word)
 * makes of it: a lexeme, null for a stopword, undefined when the word is not plain ASCII letters
 * and digits (`kind` says why).
 */
export interface VocabularyWord {
  word: string;
  /** show_trgm(word), from PostgreSQL. */
  trigrams: string[];
  /** alnum: ASCII letters/digits; other: ASCII with other characters (the search skips them); foreign: non-ASCII or a stem that is not one lexeme (answered by SQL). */
  kind: 'alnum' | 'other' | 'foreign';
  stem: string | null;
}

/** A typed word's alternatives: lexemes (stopwords dropped), or 'sql' when only PostgreSQL can say. */
export type Alternatives = string[] | 'sql';

const CACHE_LIMIT = 50_000;

/**
 * The vocabulary (search_words) with a trigram index, answering what RANKED_SEARCH's `groups`
 * asks PostgreSQL, by the typo rule (trigrams.ts): the TYPO_ALTERNATIVES words most similar to a
 * typed word (best first, ties by word), of which those made only of letters and digits, each
 * stemmed by to_tsquery.
 */
export class Vocabulary {
  private readonly trigramIds = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly sizes: Uint16Array;
  /** Answers by typed word; past CACHE_LIMIT the least recently used goes. */
  private readonly cache = new LRUCache<string, Alternatives>({ max: CACHE_LIMIT });

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

  alternatives(token: string, tokenTrigrams: string[]): Alternatives {
    const cached = this.cache.get(token);
    if (cached) return cached;
    const shared = new Map<number, number>();
    for (const t of tokenTrigrams) {
      const id = this.trigramIds.get(t);
      if (id === undefined) continue;
      for (const w of this.postings[id]!) shared.set(w, (shared.get(w) ?? 0) + 1);
    }
    const best: Array<{ index: number; s: number }> = [];
    for (const [index, count] of shared) {
      const s = trigramSimilarity(count, tokenTrigrams.length, this.sizes[index]!);
      if (s >= SIMILARITY_THRESHOLD) best.push({ index, s });
    }
    best.sort((a, b) => b.s - a.s || compareText(this.words[a.index]!.word, this.words[b.index]!.word));
    let answer: Alternatives = [];
    for (const { index } of best.slice(0, TYPO_ALTERNATIVES)) {
      const w = this.words[index]!;
      if (w.kind === 'foreign') {
        answer = 'sql';
        break;
      }
      if (w.kind === 'alnum' && w.stem !== null) answer.push(w.stem);
    }
    this.cache.set(token, answer);
    return answer;
  }
}
