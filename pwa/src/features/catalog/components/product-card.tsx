import { unitText } from '../../../i18n/format';
import { memo, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { productPath } from '@haat/shared/routing/slug';
import { AddToCartSlot } from './add-to-cart-slot';
import { DiscountBadge } from './discount-badge';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { RatingRing } from './rating-ring';
import { StockLabel } from './stock-label';
import { WishlistHeart } from './wishlist-heart';
import './product-card.css';
import { useTranslation } from '../../../i18n/i18n';
import { useAtomValue } from 'jotai';
import { isSignedInAtom } from '../../../lib/http/session';
import { latePart } from '../../../lib/ui/late-part';
import { loadNotifyMeButton } from '../../account/public';

// A card offers Notify me to a signed-in shopper only, on a sold-out product (docs/product.md#back-in-stock): its code
// and the waits it reads load then, not with every first visit's cards (docs/benchmarks.md "First visit weight").
const NotifyMeButton = latePart(loadNotifyMeButton);

interface Props {
  product: Product;
  /** Cards above the fold load their picture at once (LCP); the rest lazily. */
  eager?: boolean;
  /** Adds a Quick view button (product page rows). */
  onQuickView?: (product: Product) => void;
  /** Draws the delivery promise for the chosen pincode (the listing and search grids); a stable component keeps the memo. */
  DeliveryNote?: ComponentType<{ productId: string }>;
}

/** docs/product.md#screens and #rules-and-limits product card; memoised, so a grid re-renders only changed cards. */
export const ProductCard = memo(function ProductCard({ product, eager = false, onQuickView, DeliveryNote }: Props) {
  const { t } = useTranslation('catalog');
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <article className="product-card">
      <Link to={productPath(product)} className="product-card__link">
        <span className="product-card__media">
          <ProductImage src={product.image[0]} alt={product.name} sizes="(max-width: 575px) 50vw, (max-width: 991px) 33vw, 240px" eager={eager} />
          <DiscountBadge discount={product.discount} />
        </span>
        <span className="product-card__name">{product.name}</span>
      </Link>
      <WishlistHeart productId={product._id} productName={product.name} />
      <span className="product-card__unit">{unitText(product.unit)}</span>
      <PriceTag price={product.price} discount={product.discount} />
      <span className="product-card__meta">
        <StockLabel inStock={product.inStock} left={product.variants.length === 0 ? product.stock : undefined} />
        <RatingRing averageRating={product.averageRating} totalReviews={product.totalReviews} />
      </span>
      {DeliveryNote && <DeliveryNote productId={product._id} />}
      <span className="product-card__actions">
        {onQuickView && (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onQuickView(product)}>
            {t('quickView')}
          </button>
        )}
        <AddToCartSlot product={product} />
        {/* A sold-out product sold without options can be waited for from its card, signed in (docs/product.md#back-in-stock). */}
        {product.variants.length === 0 && product.stock <= 0 && signedIn && (
          <NotifyMeButton now productId={product._id} variantId={null} name={product.name} signedInOnly />
        )}
      </span>
    </article>
  );
});
