import type { SearchProductBody } from '@haat/shared/catalog/product.schema';
import { LIMITS } from '@haat/shared/common/limits';
import { postJsonEarly } from '../../lib/http/early-request';
import { type PagedEnvelope, type ProductPage, toProductPage } from '../catalog/public';

/** A page of search results, and what the search was answered as when a typo was corrected ("earbds" → "earbuds"). */
export interface SearchPage extends ProductPage {
  corrected: string | null;
}

/** POST /api/product/search-product (docs/product.md#api): forgiving full-text search, `page` of `totalPage`. */
export async function fetchSearchPage(search: string, page: number): Promise<SearchPage> {
  const body = await postJsonEarly<PagedEnvelope & { correctedSearch?: string }>('product/search-product', {
    search,
    page,
    limit: LIMITS.searchPageSize,
  } satisfies SearchProductBody);
  return { ...toProductPage(body), corrected: body.correctedSearch ?? null };
}
