import { useWishlistToggle } from '../../account/public';
import { useTranslation } from '../../../i18n/i18n';

/** The product page's wishlist button: the same toggle as the card hearts. */
export function ProductWishlistButton({ productId }: { productId: string }) {
  const { t } = useTranslation('product');
  const { wished, busy, toggle } = useWishlistToggle(productId);
  return (
    <button
      type="button"
      className={`btn btn--ghost btn--small product-wishlist${wished ? ' product-wishlist--on' : ''}`}
      aria-pressed={wished}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="product-wishlist"
    >
      <span aria-hidden="true">{wished ? '♥' : '♡'}</span> {wished ? t('wishlisted') : t('wishlist')}
    </button>
  );
}
