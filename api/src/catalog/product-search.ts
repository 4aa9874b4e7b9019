import type { Db } from '../db/database.js';
import type { ProductChange } from './catalog-version.js';
import type { SearchSort } from './product-rows.js';
import type { ProductRow } from './product-columns.js';
import type { SearchUnderstood } from '@haat/shared/search/query-understanding';

/**
 * What the catalogue asks of product search. The search module provides it (as PRODUCT_SEARCH):
 * search reads the catalogue, so the catalogue names what it needs here instead of importing search,
 * and the two never import each other (docs/architecture.md#the-apis-floors).
 */
export interface ProductSearch {
  /** A page of the search, or null when nothing searchable was typed (the caller lists everything). */
  search(query: ProductSearchQuery): Promise<ProductSearchResult | null>;
  /** After a committed write to products: every instance drops what shows them, and the index catches up. */
  productsChanged(ids: string[], what: ProductChange): Promise<void>;
  /** In a product write's transaction: the words of these products become searchable. */
  learnWords(db: Db, productIds: string[]): Promise<void>;
  /** What a search was answered as when it forgave a typo, or null (see search/correction.ts). */
  correctedSearch(text: string, found: ReadonlyArray<{ readonly name: string }>): string | null;
}

export const PRODUCT_SEARCH = Symbol('ProductSearch');

/** What a shopper asks of search: the text, the page, and the listing's filters and order when it has them. */
export interface ProductSearchQuery {
  text: string;
  page: number;
  limit: number;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: SearchSort;
}

/** One page of matches, best first (or in the asked order), how many matched in all, and what the query was read as. */
export interface ProductSearchResult {
  rows: ProductRow[];
  total: number;
  understood?: SearchUnderstood;
}
