import { Link, useLocation } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { NARROW, useMediaQuery } from '../../lib/hooks/use-media-query';
import { useCartSummary } from './cart-button';
import { useTranslation } from '../../i18n/i18n';

/** docs/product.md#screens: a sticky bottom bar on small screens, hidden when empty and on /checkout and /cart. */
export function CartBar() {
  const { count, total } = useCartSummary();
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW);
  const { pathname } = useLocation();
  if (!narrow || count === 0 || pathname === '/checkout' || pathname === '/cart') return null;
  return (
    <div className="cart-bar" data-testid="cart-bar">
      <span>
        {t('items', { count })} · {formatMoney(total)}
      </span>
      <Link to="/cart" className="btn btn--light btn--small">
        {t('viewCart')}
      </Link>
    </div>
  );
}
