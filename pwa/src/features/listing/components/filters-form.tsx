import { SORT_OPTIONS } from '@haat/shared/common/limits';
import type { ListingFilters } from '../listing-filters';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  filters: ListingFilters;
  onChange: (patch: Partial<ListingFilters>) => void;
  onClear: () => void;
  /** Distinguishes the ids of the side panel's form from the drawer's. */
  idPrefix: string;
}

/** docs/product.md#screens listing filters: search with clear, min/max price, sort, In Stock Only, Clear Filters. */
export function FiltersForm({ filters, onChange, onClear, idPrefix }: Props) {
  const { t } = useTranslation('listing');
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form className="filters" role="search" aria-label={t('filterProducts')} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id('search')}>{t('searchInList')}</label>
      <span className="filters__search">
        <input id={id('search')} type="search" value={filters.search} onChange={(e) => onChange({ search: e.target.value })} placeholder={t('productName')} />
        {filters.search && (
          <button type="button" className="filters__clear-search" aria-label={t('clearSearch')} onClick={() => onChange({ search: '' })}>
            ×
          </button>
        )}
      </span>
      <span className="filters__prices">
        <span>
          <label htmlFor={id('min')}>{t('minPrice')}</label>
          <input id={id('min')} type="number" inputMode="numeric" min={0} value={filters.minPrice} onChange={(e) => onChange({ minPrice: e.target.value })} />
        </span>
        <span>
          <label htmlFor={id('max')}>{t('maxPrice')}</label>
          <input id={id('max')} type="number" inputMode="numeric" min={0} value={filters.maxPrice} onChange={(e) => onChange({ maxPrice: e.target.value })} />
        </span>
      </span>
      <label htmlFor={id('sort')}>{t('sortBy')}</label>
      <select id={id('sort')} value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as ListingFilters['sort'] })}>
        <option value="">{t('featured')}</option>
        {SORT_OPTIONS.map((s) => (
          <option key={s} value={s}>
            {t(`sort.${s}`)}
          </option>
        ))}
      </select>
      <label className="filters__check">
        <input type="checkbox" checked={filters.inStock} onChange={(e) => onChange({ inStock: e.target.checked })} />
        {t('inStockOnly')}
      </label>
      <button type="button" className="btn btn--ghost" onClick={onClear}>
        {t('clear')}
      </button>
    </form>
  );
}
