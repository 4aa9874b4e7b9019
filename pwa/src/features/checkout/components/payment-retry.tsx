import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { replacementKey } from '@haat/shared/common/idempotency-key';
import type { Order } from '@haat/shared/orders/order.types';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/i18n';
import { cartPromiseKey, PromiseNote, usePromise } from '../../../lib/delivery/delivery-promise';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { BillDetails, EmptyCart, useCart } from '../../cart/public';
import { useCoupon } from '../hooks/use-coupon';
import { usePlaceOrder } from '../hooks/use-place-order';
import { HoldLimitNotice } from './hold-limit-notice';
import './payment-retry.css';

/**
 * After a card or UPI payment that did not happen (docs/product.md#after-a-payment-fails): nothing was charged and the
 * cart is kept, so the shopper pays again for it ("Try again", a new payment) or takes it cash on delivery, to the
 * cancelled order's address, with its coupon and the cart's promise there. The server judges each as at checkout;
 * what it refuses is said here, under the buttons.
 */
export function PaymentRetry({ orderId }: { orderId: string }) {
  const order = useDeviceQuery((db) => db.orders.get(orderId), [orderId]);
  return order?.payment_status === 'CANCELLED' ? <KeptCart order={order} /> : null;
}

/** What the cancelled order leaves: the kept cart, and the two ways to pay for it. */
function KeptCart({ order }: { order: Order }) {
  // Its own texts (retry.json), which travel with this part rather than with the precached checkout.
  const { t } = useTranslation('retry');
  const { lines, totals, loaded, waiting } = useCart();
  const coupon = useCoupon(lines);
  useCouponOf(order.couponCode, coupon.apply);
  const { _id: addressId, pincode, name } = order.delivery_address;
  const seen = usePromise(lines.length > 0 ? { pincode, cart: cartPromiseKey(lines, waiting.size)! } : null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key for both buttons, derived from the cancelled order: at most one order replaces it, however often pressed.
  const place = usePlaceOrder(
    lines,
    totals,
    coupon.applied,
    coupon.refused,
    seen && { promise: seen.promise, pincode },
    setRefusal,
    replacementKey(order.orderId),
  );
  const held = coupon.pending || coupon.busy;
  const act = (how: 'card' | 'cod') => {
    setRefusal(null);
    void (how === 'card' ? place.payOnline(addressId) : place.cashOnDelivery(addressId));
  };

  if (!loaded) return null;
  const total = coupon.applied ? coupon.applied.totalAmt : totals.grandTotal;
  const said = refusal ?? coupon.error ?? place.paymentsDown ?? place.priceNotice ?? place.promiseNotice;
  return (
    <section className="payment-retry" data-testid="payment-retry">
      <p className="payment-retry__charged">{t('nothingCharged')}</p>
      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <p data-testid="payment-retry-kept">
            {t('kept', { count: lines.reduce((n, l) => n + l.quantity, 0), total: formatMoney(total) })} <Link to="/cart">{t('review')}</Link>
          </p>
          <BillDetails totals={totals} variant="checkout" coupon={coupon.applied} />
          <p className="payment-retry__to">{t('to', { name, pincode })}</p>
          <PromiseNote seen={seen} testId="payment-retry-promise" />
          <div className="payment-retry__actions">
            <PayButton kind="card" busy={place.busy} held={held} onPay={act} label={t('tryAgain')} />
            <PayButton kind="cod" busy={place.busy} held={held} onPay={act} label={t('cod')} />
          </div>
        </>
      )}
      {place.holdLimit && <HoldLimitNotice notice={place.holdLimit} />}
      <p className="payment-retry__refused" role="alert" data-testid="payment-retry-refused">
        {said}
      </p>
    </section>
  );
}

/** Try again (`card`) or Pay on delivery instead (`cod`): one press at a time, none while the coupon is priced. */
function PayButton(p: { kind: 'card' | 'cod'; busy: 'card' | 'cod' | null; held: boolean; onPay: (kind: 'card' | 'cod') => void; label: string }) {
  const { t } = useTranslation('checkout');
  return (
    <button
      type="button"
      className={`btn ${p.kind === 'card' ? 'btn--primary' : 'btn--ghost'}`}
      // The pressed button stays enabled while busy (the focus stays on it; usePlaceOrder ignores a second press).
      disabled={(p.busy !== null && p.busy !== p.kind) || p.held}
      aria-busy={p.busy === p.kind || undefined}
      onClick={() => p.onPay(p.kind)}
    >
      {p.busy === p.kind ? t('checkout:pay.loading') : p.label}
    </button>
  );
}

/** The cancelled order's coupon, applied once to the kept cart (priced again by the server, as at checkout). */
function useCouponOf(code: string | null | undefined, apply: (code: string) => Promise<void>) {
  const done = useRef(false);
  useEffect(() => {
    if (!code || done.current) return;
    done.current = true;
    void apply(code);
  }, [code, apply]);
}
