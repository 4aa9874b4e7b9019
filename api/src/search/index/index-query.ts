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
  /** What the query's understood parts are applied to (narrowing-facts.ts), as PostgreSQL works it out. */
  facts: string;
}

/** What a search asks: the typed words with what PostgreSQL's to_tsquery makes of `word:*`. */
export interface IndexQuery {
  tokens: string[];
  /** Per token: the lexeme of to_tsquery('english', token || ':*'), or null for a stopword. */
  stems: Array<string | null>;
  /** show_trgm of the text as typed (trimmed), for the name fallback. */
  textTrigrams: string[];
  limit: number;
  offset: number;
  /** The query's understood parts, applied by the index to the ranked matches (SearchIndex `narrowed`). */
  narrowing?: IndexNarrowing;
}

/**
 * A query's understood parts as the index applies them (narrowing-facts.ts), each 0 or null when the query has none:
 * what narrowing.ts's statements keep, in the index's terms.
 */
export interface IndexNarrowing {
  /** 1 + the colour's place in COLOURS. */
  colour: number;
  /** The material's bit (MATERIALS order). */
  materials: number;
  packUnit: number;
  packAmount: number;
  age: number | null;
  /** How many years past the start of its age group a toy still suits a child (query-narrowing.ts AGE_SPAN). */
  ageSpan: number;
  /** Shelf groups (bits, narrowing.ts SHELF_GROUPS) whose products go, and the shopper's own, preferred. */
  otherShelves: number;
  ownShelves: number;
  /** The lexemes a product on the own shelves must all hold to be preferred (plainto_tsquery's), or null: any. */
  kindLexemes: string[] | null;
  /** Per part left out, the lexemes a product holding them all goes for (plainto_tsquery's, as narrowing.ts leaves it out), or null: none. */
  excludedLexemes: string[][] | null;
}

/**
 * A query as the API thread posts it: the text's trigrams only when it is not ASCII (from PostgreSQL); the index's thread
 * works out an ASCII text's itself (trigrams.ts), and a typed word's only when it looks for what it may be a typo of.
 * Every string posted is copied across, and the trigrams were most of a search's message.
 */
export type PostedQuery = Omit<IndexQuery, 'textTrigrams'> & { text: string; textTrigrams?: string[] };

/** The page's product ids in rank order and how many matched; 'sql' when only the SQL path can answer. */
export type IndexAnswer = { ids: string[]; total: number } | 'sql';

/**
 * Words whose match is only checked (SearchIndex `matches`): does any product hold them, the name fallback aside. A
 * search's checks ride on its one message to the index's thread instead of one message each.
 */
/**
 * A word (or words) to check; `gate`: the page asked beside it is wanted only if it matches (else it is skipped);
 * `whole`: only a product holding every word counts (a search of several words also counts those holding all but one).
 */
export type WordCheck = Pick<IndexQuery, 'tokens' | 'stems'> & { gate?: boolean; whole?: boolean };

/**
 * What the thread answers a search: the page (null when only checks were asked, or `skipped` when a gate check matched
 * nothing) and each check's answer, in order.
 */
export type CheckedAnswer = { page: IndexPage | null; matched: boolean[]; skipped?: boolean } | 'sql';

/** A page the index answered itself. */
export type IndexPage = { ids: string[]; total: number };

/** Per typed word (lexicon.ts `wordGroups`): the lexicon ids of its items (the lexemes it may mean) → how well each matches. */
export type WordGroups = Array<Map<number, number>>;
