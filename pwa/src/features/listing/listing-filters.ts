import type { ProductsByCategoryAndSubBody } from '@haat/shared/catalog/product.schema';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { discountedPrice } from '@haat/shared/money/pricing';
import { LIMITS, type SortOption } from '@haat/shared/common/limits';

/** The listing's filters (docs/product.md#screens): what the shopper typed, before it is sent to the server. */
export interface ListingFilters {
  search: string;
  minPrice: string;
  maxPrice: string;
  sort: SortOption | '';
  inStock: boolean;
}

export const NO_FILTERS: ListingFilters = { search: '', minPrice: '', maxPrice: '', sort: '', inStock: false };

/** How many filters are set, for the Filters button (docs/product.md#states, Listing): a price range counts once. */
export function activeFilterCount(f: ListingFilters): number {
  return [f.search.trim() !== '', f.minPrice.trim() !== '' || f.maxPrice.trim() !== '', f.sort !== '', f.inStock].filter(Boolean).length;
}

/** A typed price as a filter: nonsense left out, and at most LIMITS.moneyMax (a larger minimum finds nothing). */
const money = (text: string): number | undefined => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.min(n, LIMITS.moneyMax) : undefined;
};

/** The body fields of POST get-product-by-category-and-subcategory: blanks and nonsense left out. */
export function filtersToBody(f: ListingFilters): Partial<ProductsByCategoryAndSubBody> {
  const body: Partial<ProductsByCategoryAndSubBody> = {};
  if (f.search.trim()) body.search = f.search.trim();
  const min = money(f.minPrice);
  const max = money(f.maxPrice);
  if (min !== undefined) body.minPrice = min;
  if (max !== undefined) body.maxPrice = max;
  if (f.sort) body.sort = f.sort;
  if (f.inStock) body.inStock = true;
  return body;
}

/** docs/product.md#validation client-side filters over saved products; price after discount; the server's sort orders. */
export function applyFilters(products: readonly Product[], f: ListingFilters): Product[] {
  const text = f.search.trim().toLowerCase();
  const min = money(f.minPrice);
  const max = money(f.maxPrice);
  const kept = products.filter((p) => {
    const price = discountedPrice(p.price, p.discount);
    return (
      (!text || p.name.toLowerCase().includes(text)) &&
      (min === undefined || price >= min) &&
      (max === undefined || price <= max) &&
      (!f.inStock || p.inStock || p.stock > 0)
    );
  });
  const price = (p: Product) => discountedPrice(p.price, p.discount);
  const order: Record<SortOption, (a: Product, b: Product) => number> = {
    lowToHigh: (a, b) => price(a) - price(b),
    highToLow: (a, b) => price(b) - price(a),
    newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
    oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
  };
  return f.sort ? kept.sort(order[f.sort]) : kept;
}
