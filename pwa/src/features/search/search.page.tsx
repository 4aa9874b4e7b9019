import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { ProductGrid } from '../catalog/public';
import { useDebounced } from '../../lib/hooks/use-debounced';
import { useInfiniteScroll } from '../../lib/hooks/use-infinite-scroll';
import { PageMeta } from '../../lib/ui/page-meta';
import { NoData } from './components/no-data';
import { useSearchResults } from './hooks/use-search-results';
import './search.css';

/** docs/product.md#screens /search?q=: count, responsive grid, 10 skeletons, infinite scroll, "No Data found". */
export function SearchPage() {
  const term = useSearchParams()[0].get('q') ?? '';
  // Each keystroke moves the URL; the server is asked once typing pauses.
  const settled = useDebounced(term, 250);
  const { products, total, hasMore, loadingMore, loadMore, fallback, error } = useSearchResults(settled);
  const sentinel = useInfiniteScroll(loadMore, hasMore, loadingMore);

  return (
    <>
      <PageMeta
        title={`Search Results for "${term}"`}
        description={`Products matching "${term}" on Haat: prices in ₹, delivery in under 10 minutes.`}
        canonicalPath="/search"
      />
      <section className="page search-page">
        <h1 className="search-page__count">{`Search Results: ${products && !error ? total : 0}`}</h1>
        {fallback && (
          <p className="offline-note" data-testid="offline-results">
            {fallback === 'offline'
              ? 'Offline results: products saved on this device.'
              : 'The shop could not be reached: results from products saved on this device.'}
          </p>
        )}
        {error ? (
          <p className="error-banner" role="alert">
            An error occurred while fetching products.
          </p>
        ) : (
          <ProductGrid products={products} skeletons={LIMITS.searchSkeletons} loadingMore={loadingMore} empty={<NoData />} />
        )}
        <div ref={sentinel} className="search-page__sentinel" aria-hidden="true" />
      </section>
    </>
  );
}
