import { discountedPrice } from '@haat/shared/money/pricing';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  price: number;
  discount: number;
  /** Product pages show the struck-through original beside the price. */
  showOriginal?: boolean;
}

/** Price after discount in ₹ (en-IN), docs/product.md#rules-and-limits; the original struck through when asked and discounted. */
export function PriceTag({ price, discount, showOriginal = false }: Props) {
  const { t } = useTranslation('catalog');
  const final = discountedPrice(price, discount);
  return (
    <span className="price-tag">
      <span className="price-tag__final">{formatMoney(final)}</span>
      {showOriginal && discount > 0 && (
        <s className="price-tag__original" aria-label={t('was', { price: formatMoney(price) })}>
          {formatMoney(price)}
        </s>
      )}
    </span>
  );
}
