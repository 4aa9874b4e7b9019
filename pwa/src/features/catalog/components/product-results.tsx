import { type ReactNode } from 'react';
import { useCardNote } from '../../../lib/delivery/card-note';
import { type Product } from '@haat/shared/catalog/catalog.types';
import { ProductCard } from './product-card';
import { SkeletonCards } from './skeleton-card';

/** What the listing's and search's hooks say about their products. */
export interface Results {
  products: Product[] | null | undefined;
  loadingMore: boolean;
  /** Filtered on the device from saved products because no answer came: offline, or the shop unreachable. */
  fallback: 'offline' | 'unreachable' | null;
  /** The server answered with an error: the docs/product.md#errors banner instead of the grid. */
  error: boolean;
}

/** A listing's or a search's pages as the hooks answer them. */
export interface PagedResults extends Results {
  total: number;
  hasMore: boolean;
  loadMore: () => void;
}

/** The products saved on this device, as one page of results, and why they stand in (`fallback`). */
export const deviceResults = (products: Product[] | undefined, fallback: Results['fallback']): PagedResults => ({
  products,
  total: products?.length ?? 0,
  hasMore: false,
  loadingMore: false,
  loadMore: () => {},
  error: false,
  fallback,
});

interface Props {
  results: Results;
  /** The page's own words for the device-results note (offline, or the shop unreachable) and the error banner. */
  texts: { offline: string; unreachable: string; failed: string };
  fallbackTestId: string;
  skeletons: number;
  empty: ReactNode;
}

/** A page of products: a note when they are the device's own, then the error banner or the grid. */
export function ProductResults({ results: { products, loadingMore, fallback, error }, texts, fallbackTestId, skeletons, empty }: Props) {
  return (
    <>
      {fallback && (
        <p className="offline-note" data-testid={fallbackTestId}>
          {fallback === 'offline' ? texts.offline : texts.unreachable}
        </p>
      )}
      {error ? (
        <p className="error-banner" role="alert">
          {texts.failed}
        </p>
      ) : (
        <ProductGrid products={products} skeletons={skeletons} loadingMore={loadingMore} empty={empty} />
      )}
    </>
  );
}

interface GridProps {
  products: Product[] | null | undefined;
  /** Skeleton cards while nothing is known yet (10 on search, docs/product.md#rules-and-limits). */
  skeletons: number;
  /** Trailing skeletons while the next page loads. */
  loadingMore?: boolean;
  empty?: ReactNode;
}

/** The responsive grid of cards (docs/product.md#screens: 1, 2, 3 and 5 columns by width). */
function ProductGrid({ products, skeletons, loadingMore = false, empty = null }: GridProps) {
  const note = useCardNote();
  if (products && products.length === 0) return <>{empty}</>;
  return (
    <div className="product-grid" aria-busy={!products || loadingMore}>
      {products ? products.map((p, i) => <ProductCard key={p._id} product={p} eager={i < 2} DeliveryNote={note} />) : <SkeletonCards count={skeletons} />}
      {products && loadingMore && <SkeletonCards count={Math.min(skeletons, 5)} />}
    </div>
  );
}
