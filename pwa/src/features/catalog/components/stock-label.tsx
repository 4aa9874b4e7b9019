import { useTranslation } from 'react-i18next';
/**
 * In Stock or Out of Stock. A product with options is in stock when any option is (the server's
 * `inStock`), though its own default unit may have none; a chosen option shows its own figure.
 */
export function StockLabel({ inStock }: { inStock: boolean }) {
  const { t } = useTranslation('catalog');
  return inStock ? <span className="stock stock--in">{t('inStock')}</span> : <span className="stock stock--out">{t('outOfStock')}</span>;
}
