import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens: an empty cart shows a picture and a Shop Now link to /. */
export function EmptyCart({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('cart');
  return (
    <div className="empty-cart" data-testid="empty-cart">
      <svg viewBox="0 0 120 100" width="160" height="133" aria-hidden="true" className="empty-cart__art">
        <path
          d="M10 15h16l12 52a8 8 0 0 0 8 6h44a8 8 0 0 0 8-6l10-36H32"
          fill="none"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="48" cy="88" r="6" fill="currentColor" />
        <circle cx="88" cy="88" r="6" fill="currentColor" />
      </svg>
      <p>{t('empty')}</p>
      <Link to="/" className="btn btn--primary" onClick={onNavigate}>
        {t('shopNow')}
      </Link>
    </div>
  );
}
