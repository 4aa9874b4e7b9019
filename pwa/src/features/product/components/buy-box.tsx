import { unitText } from '../../../i18n/format';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type Product, type Variant } from '@haat/shared/catalog/catalog.types';
import { HoldLimitNote, useInCart } from '../../cart/public';
import { NotifyMeButton } from '../../account/public';
import { AddToCartSlot, DiscountBadge, PriceTag, StockLabel } from '../../catalog/public';
import { clampQuantity } from '../quantity';
import { PincodeCheck } from './pincode-check';
import { ProductWishlistButton } from './product-wishlist-button';
import { QuantityStepper } from './quantity-stepper';
import { ShareLinks } from './share-links';
import { VariantPicker } from './variant-picker';
import { LIMITS } from '@haat/shared/common/limits';
import { useTranslation } from '../../../i18n/i18n';
import { useReviewSummary } from '../hooks/use-reviews';
import { StarRating } from './star-rating';
import { useCountdown } from '../hooks/use-countdown';

interface Props {
  product: Product;
  /** The product as shown: the chosen variant's price, stock and pictures laid over the product's. */
  shown: Product;
  variant: Variant | null;
  onVariant: (variant: Variant) => void;
  categoryUrl: string | null;
  url: string;
}

/** Whether the unit on show cannot be bought now, as its stock label says: the option chosen, else the product. */
export const soldOut = (product: Product, variant: Variant | null, shown: Product) => (variant ? shown.stock <= 0 : !product.inStock);

/** Title, rating, price, countdown, variants, quantity, Add to Cart, pincode check and sharing. */
export function BuyBox({ product, shown, variant, onVariant, categoryUrl, url }: Props) {
  const { t } = useTranslation('product');
  const [quantity, setQuantity] = useState(1);
  // A product cached before the wire carried its limit has the default one (docs/product.md#rules-and-limits).
  const perOrder = product.maxPerOrder ?? LIMITS.defaultMaxPerOrder;
  const qty = clampQuantity(quantity, shown.stock, perOrder);
  const chosenVariant = product.variants.length > 0 ? variant : undefined;
  // Once in the cart, the cart's stepper replaces Add to Cart, and the quantity chooser beside it goes.
  const inCart = useInCart(product._id, chosenVariant?._id);
  return (
    <div className="buy-box">
      <div className="buy-box__title">
        <h1>{product.name}</h1>
        <ProductWishlistButton productId={product._id} />
      </div>
      <ProductRating product={product} />
      {unitText(product.unit) && <p className="buy-box__unit">{unitText(product.unit)}</p>}
      <div className="buy-box__price">
        <PriceTag price={shown.price} discount={shown.discount} showOriginal />
        <span className="buy-box__badge">
          <DiscountBadge discount={shown.discount} />
        </span>
      </div>
      <OfferCountdown discount={shown.discount} />
      {/* Per option once one is chosen; a product with options and none chosen says only whether any is in stock. */}
      <StockLabel inStock={variant ? shown.stock > 0 : product.inStock} left={variant || product.variants.length === 0 ? shown.stock : undefined} />
      <VariantPicker variants={product.variants} selected={variant?._id ?? null} onSelect={onVariant} />
      <div className="buy-box__cart">
        {!inCart && (
          <QuantityStepper
            value={qty}
            stock={shown.stock}
            maxPerOrder={perOrder}
            onChange={setQuantity}
            name={chosenVariant ? `${product.name} (${chosenVariant.name})` : product.name}
          />
        )}
        <AddToCartSlot product={shown} quantity={qty} label={t('cart:addToCart')} variant={chosenVariant} />
        {/* A sold-out unit (the product's own, or the option chosen) can be waited for (docs/product.md#back-in-stock). */}
        {shown.stock <= 0 && (product.variants.length === 0 || chosenVariant) && (
          <NotifyMeButton
            productId={product._id}
            variantId={chosenVariant?._id ?? null}
            name={chosenVariant ? `${product.name} (${chosenVariant.name})` : product.name}
          />
        )}
        {/* The product's own limit, said before + stops there (docs/product.md#rules-and-limits). */}
        <span className="buy-box__limit" data-testid="max-per-order">
          {t('maxPerOrder', { count: perOrder })}
        </span>
      </div>
      {/* An unverified account's lower limit on all its unpaid orders, said before Place order (docs/decisions/0003-purchase-limits.md). */}
      <HoldLimitNote />
      <PincodeCheck productId={product._id} variantId={chosenVariant?._id} soldOut={soldOut(product, variant, shown)} />
      <ShareLinks url={url} title={product.name} />
      {categoryUrl && product.category[0] && (
        <Link to={categoryUrl} className="buy-box__explore">
          {t('explore', { name: product.category[0].name })}
        </Link>
      )}
    </div>
  );
}

/** The rating under the title, live from the reviews' counts: only this line re-renders when they arrive. */
function ProductRating({ product }: { product: Product }) {
  const summary = useReviewSummary(product._id);
  return <StarRating rating={summary?.averageRating ?? product.averageRating} count={summary?.totalReviews ?? product.totalReviews} />;
}

const two = (n: number) => String(n).padStart(2, '0');

/** docs/product.md#states: a 24 h offer countdown from page load, shown only when discounted, gone at zero. */
export function OfferCountdown({ discount }: { discount: number }) {
  const { t } = useTranslation('product');
  const { hours, minutes, seconds, done } = useCountdown(LIMITS.offerCountdownMs, discount > 0);
  if (!(discount > 0) || done) return null;
  return (
    <p className="countdown" role="timer" aria-label={t('offerEndsLabel', { hours, minutes })}>
      <span>{t('offerEnds')}</span> <strong>{t('countdown', { h: two(hours), m: two(minutes), s: two(seconds) })}</strong>
    </p>
  );
}
