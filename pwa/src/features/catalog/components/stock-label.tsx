import { useTranslation } from '../../../i18n/i18n';
import { LIMITS } from '@haat/shared/common/limits';

/**
 * In Stock, Only N left, or Out of Stock. A product with options is in stock when any option is (the server's
 * `inStock`), though its own default unit may have none; a chosen option shows its own figure. `left` is the
 * units left of what is shown (a product without options, or the chosen option): at LIMITS.fewLeft or fewer the
 * shopper is told how many, before the stepper stops there (docs/product.md#states).
 */
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
