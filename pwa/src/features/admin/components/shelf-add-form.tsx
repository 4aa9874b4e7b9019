import { useId, useState } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { useTranslation } from '../../../i18n/i18n';
import { useDebounced } from '../../../lib/hooks/use-debounced';
import { useOnlineQuery } from '../../../lib/query/query-client';
import { productsQuery } from '../api';

interface Props {
  busy: boolean;
  /** Moves `units` of the product (its option, when it is sold in options) from the warehouse to the store. */
  onAdd: (unit: { productId: string; variantId: string | null }, units: string) => void;
}

/** Stocks a store by name (docs/product.md#delivery): the admin's product search, then the product and its option. */
export function ShelfAddForm({ busy, onAdd }: Props) {
  const { t } = useTranslation('stores');
  const id = useId();
  const [find, setFind] = useState('');
  const [productId, setProductId] = useState('');
  const [variantId, setVariantId] = useState('');
  const [units, setUnits] = useState('');
  const text = useDebounced(find.trim(), LIMITS.adminSearchDebounceMs);
  const found = useOnlineQuery({ ...productsQuery(text, 1), enabled: text.length > 0 });
  const products: Product[] = found.data?.items ?? [];
  const product = products.find((p) => p._id === productId);
  const options = product?.variants ?? [];
  const ready = !!product && (options.length === 0 || options.some((v) => v._id === variantId)) && /^[1-9]\d*$/.test(units) && !busy;
  const pick = (next: string) => {
    setProductId(next);
    setVariantId('');
  };

  return (
    <form
      className="store-shelves__add"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onAdd({ productId, variantId: variantId || null }, units);
      }}
    >
      <h3>{t('addUnit')}</h3>
      <div className="admin-field">
        <label htmlFor={`${id}-find`}>{t('field.find')}</label>
        <input
          id={`${id}-find`}
          type="search"
          autoComplete="off"
          data-testid="shelf-add-find"
          aria-describedby={`${id}-found`}
          value={find}
          onChange={(e) => setFind(e.target.value)}
        />
        <small id={`${id}-found`} role="status">
          {!text
            ? t('picker.findHint')
            : found.isFetching
              ? t('picker.searching')
              : products.length
                ? t('picker.found', { count: products.length })
                : t('picker.none', { text })}
        </small>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-product`}>{t('field.product')}</label>
        <select id={`${id}-product`} data-testid="shelf-add-product" value={productId} disabled={products.length === 0} onChange={(e) => pick(e.target.value)}>
          <option value="">{t('picker.choose')}</option>
          {products.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {options.length > 0 && (
        <div className="admin-field">
          <label htmlFor={`${id}-option`}>{t('field.option')}</label>
          <select id={`${id}-option`} data-testid="shelf-add-option" value={variantId} onChange={(e) => setVariantId(e.target.value)}>
            <option value="">{t('picker.chooseOption')}</option>
            {options.map((v) => (
              <option key={v._id} value={v._id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-units`}>{t('field.units')}</label>
        <input
          id={`${id}-units`}
          inputMode="numeric"
          data-testid="shelf-add-units"
          value={units}
          onChange={(e) => setUnits(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <button type="submit" className="btn btn--primary btn--small" data-testid="shelf-add-save" disabled={!ready}>
        {t('fromWarehouse')}
      </button>
    </form>
  );
}
