import { Link } from 'react-router-dom';
import type { HoldLimitNotice as Notice } from '../hooks/use-place-order';
import { useTranslation } from '../../../i18n/i18n';

/** 409 HOLD_LIMIT at checkout (docs/product.md#rules-and-limits): the message and where the shopper can act on it. */
export function HoldLimitNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="checkout__notice checkout__hold" role="alert" data-testid="hold-limit">
      <p>{notice.message}</p>
      <p className="checkout__hold-links">
        {notice.verifyEmail && (
          <Link className="checkout__hold-main" to="/dashboard/profile#verify-email">
            {t('hold.verify')}
          </Link>
        )}
        <Link to="/cart">{t('hold.cart')}</Link>
        {notice.held > 0 && <Link to="/my-orders">{t('hold.orders')}</Link>}
      </p>
    </div>
  );
}
