import { useWishlistToggle } from '../../account/public';
import { useTranslation } from '../../../i18n/i18n';

/** The card's wishlist heart (docs/product.md#screens and #states), filled when the product is in the wishlist. */
export function WishlistHeart({ productId, productName }: { productId: string; productName: string }) {
  const { wished, busy, toggle } = useWishlistToggle(productId);
  const { t } = useTranslation('catalog');
  return (
    <button
      type="button"
      className={`wishlist-heart${wished ? ' wishlist-heart--on' : ''}`}
      aria-label={wished ? t('wishlistRemove', { name: productName }) : t('wishlistAdd', { name: productName })}
      aria-pressed={wished}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.7 1.3 5.2 3 1.5-1.7 3-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
