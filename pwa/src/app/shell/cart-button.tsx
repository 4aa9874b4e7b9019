import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { NARROW, useMediaQuery } from '../../lib/hooks/use-media-query';
import { loadCartDrawer, cartTotals } from '../../features/cart/public';
import { useTranslation } from '../../i18n/i18n';
import { useDeviceQuery } from '../../lib/storage/device-store';

// The side panel loads on first open: the cart's screens stay off the home page's first load.
const CartDrawer = lazy(async () => ({ default: (await loadCartDrawer()).CartDrawer }));

/** docs/product.md#screens: count and total, or My Cart; wide screens open the cart side panel, phones go to /cart. */
export function CartButton({ compact = false }: { compact?: boolean }) {
  const { count, total } = useCartSummary();
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to="/cart"
        className={`header-btn header-btn--cart${compact ? ' header-btn--compact' : ''}`}
        aria-label={compact ? (count > 0 ? t('cartItems', { count, total: formatMoney(total) }) : t('myCart')) : undefined}
        data-testid="header-cart"
        onClick={(e) => {
          if (narrow) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" />
          <circle cx="10" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        {compact ? (
          count > 0 && <span className="header-btn__count">{count}</span>
        ) : count > 0 ? (
          <span className="header-btn__stack">
            <span>{t('items', { count })}</span>
            <span>{formatMoney(total)}</span>
          </span>
        ) : (
          <span>{t('myCart')}</span>
        )}
      </Link>
      {open && (
        <Suspense fallback={null}>
          <CartDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Live from the device's cart (docs/product.md#screens): units and the grand total; 0 reads "My Cart", hides the bar. */
export function useCartSummary(): { count: number; total: number } {
  const totals = useDeviceQuery(async (db) => cartTotals(await db.cart.toArray()));
  return { count: totals?.quantityTotal ?? 0, total: totals?.grandTotal ?? 0 };
}
