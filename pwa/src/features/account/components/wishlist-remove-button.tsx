import { useWishlistToggle } from '../hooks/use-wishlist-toggle';
import { useTranslation } from 'react-i18next';

/** The wishlist page's remove button: the same toggle as the card's heart. */
export function WishlistRemoveButton({ productId, name }: { productId: string; name: string }) {
  const { t } = useTranslation('account');
  const { busy, toggle } = useWishlistToggle(productId);
  return (
    <button type="button" className="btn btn--ghost btn--small" disabled={busy} aria-label={t('wishlist.removeNamed', { name })} onClick={() => void toggle()}>
      {t('wishlist.remove')}
    </button>
  );
}
