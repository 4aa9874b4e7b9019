import { formatMoney } from '../../../i18n/format';
import { totalAfterCoupon, type Totals } from '@haat/shared/money/pricing';
import './bill-details.css';
import { useTranslation } from '../../../i18n/i18n';

// The cart's and the checkout's words differ (bill.cart, bill.checkout; docs/product.md#screens).
type Labels = { title: string; items: string; quantity: string; delivery: string; grand: string };

interface Props {
  totals: Totals;
  variant?: 'cart' | 'checkout';
  coupon?: { code: string; discountAmt: number } | null;
}

/** docs/product.md#screens, Bill details; at checkout an applied coupon (docs/product.md#coupons) adds its row. */
export function BillDetails({ totals, variant = 'cart', coupon }: Props) {
  const { t } = useTranslation('cart');
  const label = t(variant === 'cart' ? 'bill.cart' : 'bill.checkout', { returnObjects: true }) as Labels;
  return (
    <section className="bill-details" aria-label={label.title} data-testid="bill-details">
      <h3 className="bill-details__title">{label.title}</h3>
      <p className="bill-details__row">
        <span>{label.items}</span>
        <span>
          {totals.savings > 0 && <s data-testid="items-total-original">{formatMoney(totals.itemsTotal)}</s>}{' '}
          <span data-testid="items-total">{formatMoney(totals.grandTotal)}</span>
        </span>
      </p>
      <p className="bill-details__row">
        <span>{label.quantity}</span>
        <span data-testid="quantity-total">{t('bill.items', { count: totals.quantityTotal })}</span>
      </p>
      <p className="bill-details__row">
        <span>{label.delivery}</span>
        <span>{t('bill.free')}</span>
      </p>
      {coupon && coupon.discountAmt > 0 && (
        <p className="bill-details__row bill-details__row--coupon">
          <span>{t('bill.coupon', { code: coupon.code })}</span>
          <span data-testid="coupon-discount">{`−${formatMoney(coupon.discountAmt)}`}</span>
        </p>
      )}
      <p className="bill-details__row bill-details__row--grand">
        <span>{label.grand}</span>
        <span data-testid="grand-total">{formatMoney(coupon ? totalAfterCoupon(totals.grandTotal, coupon.discountAmt) : totals.grandTotal)}</span>
      </p>
    </section>
  );
}
