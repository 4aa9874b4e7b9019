import { discountedPrice } from '@haat/shared/money/pricing';
import { formatInr } from '@haat/shared/money/inr';

interface Props {
  price: number;
  discount: number;
  /** Product pages show the struck-through original beside the price. */
  showOriginal?: boolean;
}

/** Price after discount in ₹ (en-IN), docs/product.md#rules-and-limits; the original struck through when asked and discounted. */
export function PriceTag({ price, discount, showOriginal = false }: Props) {
  const final = discountedPrice(price, discount);
  return (
    <span className="price-tag">
      <span className="price-tag__final">{formatInr(final)}</span>
      {showOriginal && discount > 0 && (
        <s className="price-tag__original" aria-label={`was ${formatInr(price)}`}>
          {formatInr(price)}
        </s>
      )}
    </span>
  );
}
