import { Link, useLocation } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { NARROW, useMediaQuery } from '../../lib/hooks/use-media-query';
import { useCartSummary } from './cart-button';
import { useTranslation } from '../../i18n/i18n';

/**
 * docs/product.md#screens: small screens get a sticky bottom bar (count, total, View Cart); hidden when empty and on
 * /checkout. Hidden on /cart too: there it only repeats the page and covered its Grand total.
 */
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
