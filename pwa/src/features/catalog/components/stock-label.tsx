import { useTranslation } from '../../../i18n/i18n';
import { LIMITS } from '@haat/shared/common/limits';

/** In Stock, Only N left (at LIMITS.fewLeft or fewer), or Out of Stock (docs/product.md#states). */
export function StockLabel({ inStock, left }: { inStock: boolean; left?: number }) {
  const { t } = useTranslation('catalog');
  if (!inStock) return <span className="stock stock--out">{t('outOfStock')}</span>;
  if (left !== undefined && left >= 1 && left <= LIMITS.fewLeft)
    return (
      <span className="stock stock--few" data-testid="stock-few">
        {t('onlyLeft', { count: left })}
      </span>
    );
  return <span className="stock stock--in">{t('inStock')}</span>;
}
