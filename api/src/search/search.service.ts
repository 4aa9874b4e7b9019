import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_STATEMENT, type Db, type NamedStatement } from '../db/database.js';
import {
  CatalogVersion,
  ProductRowCache,
  type ProductChange,
  type ProductSearch,
  type ProductSearchQuery,
  type ProductSearchResult,
} from '../catalog/index.js';
import { SearchIndexService } from './index/index.service.js';
import { understandQuery, type UnderstoodQuery } from '@haat/shared/search/query-understanding';
import { filterRanked, learnWords, narrowedListing, rankedSearch, searchTokens, type SearchPage } from './search.repository.js';
import { narrowingValues, narrows } from './narrowing.js';
import { correctedSearch } from './correction.js';
import { Synonyms } from './synonyms/synonyms.js';

/**
 * Most ranked matches a filtered or sorted search narrows (a search matching more, rare in a shop,
 * is narrowed and ordered by PostgreSQL instead, as while the index builds).
 */
const FILTERED_CANDIDATES = 20_000;

export type SearchQuery = ProductSearchQuery;
export type SearchResult = ProductSearchResult;

export type { ProductChange };

const maxOf = (a: number | undefined, b: number | null | undefined) => (b == null ? a : a === undefined ? b : Math.max(a, b));
const minOf = (a: number | undefined, b: number | null | undefined) => (b == null ? a : a === undefined ? b : Math.min(a, b));

/**
 * The shop's search, behind one interface. A search is ranked by the in-process index (see
 * index/weights.ts and index/ranking.ts for its one ranking); a listing's price and stock filters then keep or drop
 * ranked products in PostgreSQL without reordering them, and a listing's own order (price, newest)
 * replaces ranking over the same matches. PostgreSQL full text answers only while the index is not
 * current, for every kind of search in one statement (search.repository.ts's RANKED_SEARCH), and
 * ranks a little differently then. The rows shown are read from PostgreSQL by id and held a few
 * seconds at most (ProductRowCache), dropped by any change to their product, so price, stock and
 * rating on a result are as fresh as the catalogue's cached answers.
 */
@Injectable()
export class SearchService implements ProductSearch {
  /** The rows a page of the index's results shows, held a few seconds (every search text is new; its products are not). */
  private readonly rows: ProductRowCache;

  constructor(
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
    private readonly index: SearchIndexService,
    private readonly catalog: CatalogVersion,
    private readonly synonyms: Synonyms,
  ) {
    this.rows = new ProductRowCache(read, catalog);
  }

  /**
   * A page of the search, or null when nothing searchable was typed (the caller lists everything). The query is read
   * once (shared/src/search/query-understanding.ts, docs/decisions/0310-query-understanding.md): its words are
   * searched for, its parts narrow the matches, and what was understood and what matched nothing come back with them.
   */
  async search(query: SearchQuery): Promise<SearchResult | null> {
    const understood = understandQuery(query.text);
    const { parts } = understood;
    const said = { parts, unmatched: [...understood.unmatched] };
    const none = { rows: [], total: 0, understood: said };
    if (understood.words.length === 0 && parts.length === 0) return said.unmatched.length ? none : null;
    const price = parts.find((p) => p.kind === 'price');
    const page: SearchPage & { page: number } = {
      ...query,
      offset: (query.page - 1) * query.limit,
      minPrice: maxOf(query.minPrice, price?.min),
      maxPrice: minOf(query.maxPrice, price?.max),
      narrowing: narrowingValues(parts, understood.words),
    };
    const plain = parts.length === 0 && understood.words.length >= 2 ? await this.answeredIfAllMatch(query, understood.words, page) : null;
    if (plain) return { ...plain, understood: said };
    const words = await this.matchingWords(understood, said.unmatched);
    if (!words) return none;
    page.narrowing = narrowingValues(
      parts,
      understood.words.filter((w) => !said.unmatched.includes(w)),
    );
    return { ...(await this.answer(query, words, page)), understood: said };
  }

  /**
   * A plain search of several words, answered first and its words checked after (the index then knows their stems, so
   * each check is a lookup): the answer when every word matches something and the words match together, else null
   * (matchingWords then decides what to search for).
   */
  private async answeredIfAllMatch(query: SearchQuery, words: string[], page: SearchPage) {
    const tokens = await this.tokensOf(words);
    const answer = await this.answer(query, tokens, page);
    const found = await Promise.all(words.map((w) => this.wordMatches(w)));
    if (!found.every(Boolean)) return null;
    return words.length < 3 || (await this.matches(tokens)) ? answer : null;
  }

  /** The words the index looks for: the searchable tokens of `words`, through the shop's synonyms. */
  private async tokensOf(words: string[]): Promise<string[]> {
    const typed = searchTokens(words.join(' '));
    return typed.length ? this.synonyms.rewrite(typed) : [];
  }

  /**
   * The words to search for: what the shopper typed, less the words that match nothing in the catalogue (put in
   * `unmatched`), through the shop's synonyms. When the query has several words, or narrows, each word is asked of
   * the index alone (past its first match, so the near-names fallback does not count); a query whose every word
   * matches nothing finds nothing (null), however it narrows. A long question (three words or more) whose words
   * together match nothing answers with its first word that does ("earbuds with long battery for the gym" → earbuds).
   * An empty list when the query only narrows.
   */
  private async matchingWords(understood: UnderstoodQuery, unmatched: string[]): Promise<string[] | null> {
    const narrowingWords = new Set(
      understood.parts.flatMap((p) => (p.kind === 'colour' ? [p.colour.toLowerCase()] : p.kind === 'material' ? [p.material] : [])),
    );
    let plain = understood.words.filter((w) => !narrowingWords.has(w));
    if (plain.length > 0 && (understood.parts.length > 0 || plain.length >= 2)) {
      const found = await Promise.all(plain.map((w) => this.wordMatches(w)));
      const missing = plain.filter((_, i) => !found[i]);
      unmatched.push(...missing);
      // A code (letters and digits together, six or more: a SKU, a model number) names one thing: when the shop has
      // none, nothing is found, instead of what the rest of the words match (docs/product.md#search).
      if (missing.some(isCode)) return null;
      plain = plain.filter((_, i) => found[i]);
      if (plain.length === 0) return null;
    }
    const all = await this.tokensOf(understood.words.filter((w) => narrowingWords.has(w) || plain.includes(w)));
    if (plain.length < 3 || (await this.matches(all))) return all;
    return this.tokensOf([...narrowingWords, plain[0]!]);
  }

  /** Whether these words (past the synonyms) match some product together; true when the index cannot say yet. */
  private async matches(tokens: string[]): Promise<boolean> {
    if (tokens.length === 0) return false;
    const probe = await this.index.search(tokens.join(' '), tokens, 1, 1);
    return !probe || probe.total > 0;
  }

  /** Whether a word (through the synonyms) matches some product; true when the index cannot say yet. */
  private async wordMatches(word: string): Promise<boolean> {
    const typed = searchTokens(word);
    return typed.length > 0 && this.matches(await this.synonyms.rewrite(typed));
  }

  /**
   * Of the ranked matches of several words, those holding every word when there are some (they rank first): the
   * index adds the products holding all but one only when the whole ones do not fill the page asked for, and a
   * narrowed search asks for every match, so "red tshirt" would count every red product. Asked for one match, the
   * index counts the whole ones alone.
   */
  private async wholeMatches(text: string, tokens: string[], ranked: string[]): Promise<string[]> {
    if (tokens.length < 2) return ranked;
    const whole = await this.index.search(text, tokens, 1, 0);
    return whole && whole.total > 0 ? ranked.slice(0, whole.total) : ranked;
  }

  /** A page for these words (none: a narrowed listing), ranked by the index, narrowed in PostgreSQL when it must be. */
  private async answer(query: SearchQuery, tokens: string[], page: SearchPage): Promise<{ rows: SearchResult['rows']; total: number }> {
    if (tokens.length === 0) return narrowedListing(this.read, page);
    const typed = searchTokens(query.text);
    const text = tokens.join(' ') === typed.join(' ') ? query.text.trim() : tokens.join(' ');
    const narrowed =
      page.minPrice !== undefined || page.maxPrice !== undefined || !!page.inStock || page.sort !== undefined || (!!page.narrowing && narrows(page.narrowing));
    if (!narrowed) {
      const indexed = await this.index.search(text, tokens, query.limit, page.offset);
      if (indexed) return { rows: await this.rows.byIds(indexed.ids), total: indexed.total };
    } else {
      // The filters and the query's parts keep or drop the index's matches, and a listing's own order replaces the ranking.
      const ranked = await this.index.search(text, tokens, FILTERED_CANDIDATES, 0);
      if (ranked && ranked.total <= ranked.ids.length) {
        // A listing's own filters keep the ranking's matches as the PostgreSQL path counts them; the query's parts, its whole matches.
        const kept = page.narrowing && narrows(page.narrowing) ? await this.wholeMatches(text, tokens, ranked.ids) : ranked.ids;
        return filterRanked(this.read, kept, page);
      }
    }
    return rankedSearch(this.read, text, tokens, page);
  }

  /**
   * Called after a write to products (by the catalogue, reviews, orders, the inventory), once it is
   * committed. Every instance then drops the cached answers that show these products and nothing
   * else. Stock and rating are not held by the index (the rows of a result are read by id, and the
   * row cache drops these products' rows on this same announcement), so the index needs nothing for
   * them. Text and publishing changes also bump the catalogue version (the writer does): until the
   * index has caught up with it, searches answer from PostgreSQL, so no search is stale; this starts
   * the catch-up at once.
   */
  async productsChanged(ids: string[], what: ProductChange): Promise<void> {
    if (ids.length === 0) return;
    if (what === 'content') this.index.stale();
    await this.catalog.productsChanged(ids, what);
  }

  learnWords(db: Db, productIds: string[]): Promise<void> {
    return learnWords(db, productIds);
  }

  correctedSearch(text: string, names: string[]): string | null {
    return correctedSearch(text, names);
  }

  /** Builds (or catches up) the index now: at start, and in tests. */
  ready(): Promise<void> {
    return this.index.ready();
  }

  get indexCurrent(): boolean {
    return this.index.current;
  }
}

/** A word that reads as a code rather than a word: six or more letters and digits, with both in it ("mwz5ru1t", "sm-a546e"). */
function isCode(word: string): boolean {
  return word.length >= 6 && /\d/.test(word) && /\p{L}/u.test(word);
}
