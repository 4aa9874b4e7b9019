import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { reloadOrders } from '../../../lib/storage/order-store';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import { useTranslation } from '../../../i18n/i18n';

/** How often the page asks for the order while its payment is not settled, and for how long at most. */
export const PAYMENT_POLL_MS = 3000;
const PAYMENT_POLL_FOR_MS = 15 * 60_000;

/** /success back from Stripe: a UPI payment still to approve is asked for until it arrives or fails (docs/decisions/0051-card-payments-and-refunds.md). */
export function PaymentWait({ orderId }: { orderId: string }) {
  const { t } = useTranslation('checkout');
  const order = useDeviceQuery((db) => db.orders.get(orderId), [orderId]);
  const settled = order !== undefined && order.payment_status !== 'AWAITING_PAYMENT';
  // Said only after the page saw the wait: a card payment, paid at once, needs no second line under the title.
  const waited = useRef(false);
  if (order?.payment_status === 'AWAITING_PAYMENT' && order.payment_processing) waited.current = true;

  // Each tick asks the server again (the webhook that settles it moves the order there, not on this device).
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (settled) return;
    const started = Date.now();
    const timer = setInterval(() => (Date.now() - started > PAYMENT_POLL_FOR_MS ? clearInterval(timer) : setTick((n) => n + 1)), PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [settled]);
  useServerRefresh(settled ? null : `order-payment:${orderId}:${tick}`, reloadOrders);

  // A payment that failed (its order cancelled) goes where a payment that did not happen is said, with the kept cart
  // and no updates offered for the cancelled order (/cancel, docs/product.md#after-a-payment-fails).
  if (order?.payment_status === 'CANCELLED') return <Navigate to={`/cancel?orderId=${encodeURIComponent(orderId)}&why=upi`} replace />;
  // The heading says where the payment is: received only once it is.
  if (!waited.current) return <h1 className="order-result__title">{t('paymentDone')}</h1>;
  const [title, text] = order?.payment_status === 'AWAITING_PAYMENT' ? ['upi.waitingTitle', 'upi.waiting'] : ['paymentDone', 'upi.paid'];
  return (
    <>
      <h1 className="order-result__title">{t(title)}</h1>
      <p className="order-result__payment" role="status" data-testid="payment-wait">
        {t(text)}
      </p>
    </>
  );
}
