import type { VectorEntry } from './tsvector-text.js';

/** A published product as the index keeps it: its words (from its search vector), its name's trigrams, and when it last changed. */
export interface IndexedProduct {
  id: string;
  /** updated_at in microseconds since 1970 (exact in a double), as the owner's diff compares it. */
  updatedAt: number;
  entries: VectorEntry[];
  /** show_trgm(name), from PostgreSQL. */
  nameTrigrams: string[];
  /** The lexemes of each of its subcategories' and categories' names (its shelf, shelves.ts). */
  shelf: string[][];
}

/** What a search asks: the typed words with what PostgreSQL's to_tsquery makes of `word:*`. */
export interface IndexQuery {
  tokens: string[];
  /** Per token: the lexeme of to_tsquery('english', token || ':*'), or null for a stopword. */
  stems: Array<string | null>;
  tokenTrigrams: string[][];
  /** show_trgm of the text as typed (trimmed), for the name fallback. */
  textTrigrams: string[];
  limit: number;
  offset: number;
}

/** The page's product ids in rank order and how many matched; 'sql' when only the SQL path can answer. */
export type IndexAnswer = { ids: string[]; total: number } | 'sql';

/**
 * Words whose match is only checked (SearchIndex `matches`): does any product hold them, the name fallback aside. A
 * search's checks ride on its one message to the index's thread instead of one message each.
 */
export type WordCheck = Pick<IndexQuery, 'tokens' | 'stems' | 'tokenTrigrams'>;

/** What the thread answers a search: the page (null when only checks were asked) and each check's answer, in order. */
export type CheckedAnswer = { page: IndexPage | null; matched: boolean[] } | 'sql';

/** A page the index answered itself. */
export type IndexPage = { ids: string[]; total: number };

/** Per typed word (lexicon.ts `wordGroups`): the lexicon ids of its items (the lexemes it may mean) → how well each matches. */
export type WordGroups = Array<Map<number, number>>;
