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
import { filterRanked, learnWords, rankedSearch, searchTokens } from './search.repository.js';
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

  /** A page of the search, or null when nothing searchable was typed (the caller lists everything). */
  async search(query: SearchQuery): Promise<SearchResult | null> {
    const typed = searchTokens(query.text);
    if (typed.length === 0) return null;
    // The shopper's own words become the catalogue's (synonyms/synonyms.ts); the name fallback looks for them too.
    const tokens = await this.synonyms.rewrite(typed);
    const text = tokens.join(' ') === typed.join(' ') ? query.text.trim() : tokens.join(' ');
    const page = { ...query, offset: (query.page - 1) * query.limit };
    const narrowed = query.minPrice !== undefined || query.maxPrice !== undefined || !!query.inStock || query.sort !== undefined;
    if (!narrowed) {
      const indexed = await this.index.search(text, tokens, query.limit, page.offset);
      if (indexed) return { rows: await this.rows.byIds(indexed.ids), total: indexed.total };
    } else {
      // A listing's filters keep or drop the index's matches, and its own order replaces the ranking.
      const ranked = await this.index.search(text, tokens, FILTERED_CANDIDATES, 0);
      if (ranked && ranked.total <= ranked.ids.length) return filterRanked(this.read, ranked.ids, page);
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
