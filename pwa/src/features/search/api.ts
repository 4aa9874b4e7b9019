import type { SearchProductBody } from '@haat/shared/catalog/product.schema';
import { LIMITS } from '@haat/shared/common/limits';
import { postJsonEarly } from '../../lib/http/early-request';
import type { SearchUnderstood } from '@haat/shared/search/query-understanding';
import { type PagedEnvelope, type ProductPage, toProductPage } from '../catalog/public';

/**
 * A page of search results, what the search was answered as when a typo was corrected ("earbds" → "earbuds"), and
 * what the query was understood as (docs/product.md#search), null when nothing narrowed it and no word was dropped.
 */
export interface SearchPage extends ProductPage {
  corrected: string | null;
  understood: SearchUnderstood | null;
}

/** POST /api/product/search-product (docs/product.md#api): forgiving full-text search, `page` of `totalPage`. */
export async function fetchSearchPage(search: string, page: number): Promise<SearchPage> {
  const body = await postJsonEarly<PagedEnvelope & { correctedSearch?: string; understood?: SearchUnderstood }>('product/search-product', {
    search,
    page,
    limit: LIMITS.searchPageSize,
  } satisfies SearchProductBody);
  return { ...toProductPage(body), corrected: body.correctedSearch ?? null, understood: body.understood ?? null };
}
