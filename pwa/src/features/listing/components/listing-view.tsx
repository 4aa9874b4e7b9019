import { lazy, Suspense, useState } from 'react';
import type { CategoryRef, SubCategory } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { ProductGrid } from '../../catalog/public';
import { NARROW, useMediaQuery } from '../../../lib/hooks/use-media-query';
import { countLabel } from '../../../lib/ui/count-label';
import { useListing } from '../hooks/use-listing';
import { useListingFilters } from '../hooks/use-listing-filters';
import { FiltersForm } from './filters-form';
import { SiblingSubcategories } from './sibling-subcategories';

const FilterDrawer = lazy(async () => ({ default: (await import('./filter-drawer')).FilterDrawer }));

interface Props {
  category: CategoryRef;
  subCategory: CategoryRef;
  siblings: SubCategory[];
}

/** One listing: mounted per route (keyed by the ids), so moving to another subcategory clears the filters. */
export function ListingView({ category, subCategory, siblings }: Props) {
  const narrow = useMediaQuery(NARROW);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { draft, applied, change, clear } = useListingFilters();
  const { products, total, hasMore, loadingMore, loadMore, error, fallback } = useListing(category._id, subCategory._id, applied);
  const form = { filters: draft, onChange: change, onClear: clear };

  return (
    <div className="listing">
      <aside className="listing__side">
        <SiblingSubcategories category={category} siblings={siblings} />
        {!narrow && <FiltersForm {...form} idPrefix="side" />}
      </aside>
      <section className="listing__main" aria-labelledby="listing-title">
        <div className="listing__head">
          <h1 id="listing-title">{subCategory.name}</h1>
          <p className="listing__count" data-testid="listing-count">
            {error ? ' ' : products ? `${countLabel(total, 'product')}${fallback ? ' saved on this device' : ''}` : ' '}
          </p>
          {narrow && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => (setDrawerUsed(true), setDrawerOpen(true))}>
              Filters
            </button>
          )}
        </div>
        {fallback && (
          <p className="offline-note" data-testid="listing-fallback">
            {fallback === 'offline'
              ? 'Offline: filtered from products saved on this device.'
              : 'The shop could not be reached: filtered from products saved on this device.'}
          </p>
        )}
        {error ? (
          <p className="error-banner" role="alert">
            Failed to load products.
          </p>
        ) : (
          <ProductGrid
            products={products}
            skeletons={LIMITS.listingPageSize}
            loadingMore={loadingMore}
            empty={<p className="state-box">No products found</p>}
          />
        )}
        {hasMore && products && (
          <div className="listing__more">
            <button type="button" className="btn btn--primary" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load More'}
            </button>
          </div>
        )}
      </section>
      {drawerUsed && (
        <Suspense fallback={null}>
          <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} {...form} />
        </Suspense>
      )}
    </div>
  );
}
