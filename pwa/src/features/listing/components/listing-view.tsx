import { lazy, Suspense, useState } from 'react';
import { type CategoryRef, type SubCategory } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { ProductResults } from '../../catalog/public';
import { NARROW, useMediaQuery } from '../../../lib/hooks/use-media-query';
import { useListing } from '../hooks/use-listing';
import { activeFilterCount, NO_FILTERS, type ListingFilters } from '../listing-filters';
import { FiltersForm } from './filters-form';
import { SiblingSubcategories } from './sibling-subcategories';
import { useTranslation } from '../../../i18n/i18n';
import { useDebounced } from '../../../lib/hooks/use-debounced';

const FilterDrawer = lazy(async () => ({ default: (await import('./filter-drawer')).FilterDrawer }));

/** One listing: mounted per route (keyed by the ids), so moving to another subcategory clears the filters. */
export function ListingView({ category, subCategory, siblings }: { category: CategoryRef; subCategory: CategoryRef; siblings: SubCategory[] }) {
  const { t } = useTranslation('listing');
  const narrow = useMediaQuery(NARROW);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { draft, applied, change, clear } = useListingFilters();
  const results = useListing(category._id, subCategory._id, applied);
  const { products, total, hasMore, loadingMore, loadMore, error, fallback, notSaved } = results;
  const form = { filters: draft, onChange: change, onClear: clear };
  // On a phone the filters are behind this button: it shows how many are set, so a sorted or filtered list says so.
  const active = activeFilterCount(draft);

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
            {error || notSaved ? ' ' : products ? t(fallback ? 'countSaved' : 'count', { count: total }) : ' '}
          </p>
          {narrow && (
            <button
              type="button"
              className={`btn btn--ghost btn--small listing__filters${active ? ' listing__filters--active' : ''}`}
              aria-label={active ? t('filtersActive', { count: active }) : undefined}
              onClick={() => (setDrawerUsed(true), setDrawerOpen(true))}
            >
              {t('filters')}
              {active > 0 && (
                <span className="listing__filters-count" aria-hidden="true" data-testid="filters-count">
                  {active}
                </span>
              )}
            </button>
          )}
        </div>
        {notSaved ? (
          <p className="state-box listing__not-saved" role="status" data-testid="listing-not-saved">
            {t(notSaved === 'offline' ? 'notSaved' : 'notSavedUnreachable')}
          </p>
        ) : (
          <ProductResults
            results={results}
            texts={{ offline: t('offline'), unreachable: t('unreachable'), failed: t('failed') }}
            fallbackTestId="listing-fallback"
            skeletons={LIMITS.listingPageSize}
            empty={<p className="state-box">{t('empty')}</p>}
          />
        )}
        {hasMore && products && (
          <div className="listing__more">
            <button type="button" className="btn btn--primary" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? t('loading') : t('loadMore')}
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

/** The filters shown (`draft`) and sent (`applied`, once typing pauses); a route starts from none (docs/product.md#states). */
export function useListingFilters() {
  const [draft, setDraft] = useState<ListingFilters>(NO_FILTERS);
  const applied = useDebounced(draft, 400);
  const change = (patch: Partial<ListingFilters>) => setDraft((f) => ({ ...f, ...patch }));
  const clear = () => setDraft(NO_FILTERS);
  return { draft, applied, change, clear };
}
