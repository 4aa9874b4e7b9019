import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The header's wishlist entry (docs/product.md#what-haat-is page shell); the dashboard page asks for sign-in when needed. */
export function WishlistButton() {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard/mywishlist" className="header-btn header-btn--icon" aria-label={t('myWishlist')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.7 1.3 5.2 3 1.5-1.7 3-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </Link>
  );
}
