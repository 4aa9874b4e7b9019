import type { SearchProductBody } from '@haat/shared/catalog/product.schema';
import { LIMITS } from '@haat/shared/common/limits';
import { postJsonEarly } from '../../lib/http/early-request';
import { type PagedEnvelope, type ProductPage, toProductPage } from '../catalog/public';

/** POST /api/product/search-product (docs/product.md#api): forgiving full-text search, `page` of `totalPage`. */
export async function fetchSearchPage(search: string, page: number): Promise<ProductPage> {
  return toProductPage(
    await postJsonEarly<PagedEnvelope>('product/search-product', { search, page, limit: LIMITS.searchPageSize } satisfies SearchProductBody),
  );
}
