import type { ReactNode } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { ProductGrid } from './product-grid';

/** What the listing's and search's hooks say about their products. */
export interface Results {
  products: Product[] | null | undefined;
  loadingMore: boolean;
  /** Filtered on the device from saved products because no answer came: offline, or the shop unreachable. */
  fallback: 'offline' | 'unreachable' | null;
  /** The server answered with an error: the docs/product.md#errors banner instead of the grid. */
  error: boolean;
}

interface Props {
  results: Results;
  /** The page's own words for the device-results note (offline, or the shop unreachable) and the error banner. */
  texts: { offline: string; unreachable: string; failed: string };
  /** The note's test id. */
  fallbackTestId: string;
  skeletons: number;
  empty: ReactNode;
}

/**
 * A page of products as the listing and search show it: a note when the results are the device's own
 * (offline or unreachable), then the error banner or the grid.
 */
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
