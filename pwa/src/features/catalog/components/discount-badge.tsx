import { useTranslation } from '../../../i18n/i18n';
/** docs/product.md#rules-and-limits: '{n}% OFF', red with a pulse at 50 or more, green below; nothing without a discount. */
export function DiscountBadge({ discount }: { discount: number }) {
  const { t } = useTranslation('catalog');
  if (!(discount > 0)) return null;
  const big = discount >= 50;
  return <span className={`discount-badge ${big ? 'discount-badge--big' : 'discount-badge--small'}`}>{t('off', { discount })}</span>;
}
