import { useEffect, useRef, useState } from 'react';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { reloadOrders } from '../../../lib/storage/order-store';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import { useTranslation } from '../../../i18n/i18n';

/** How often the page asks for the order while its payment is not settled, and for how long at most. */
export const PAYMENT_POLL_MS = 3000;
const PAYMENT_POLL_FOR_MS = 15 * 60_000;

/**
 * /success back from Stripe (docs/product.md#screens): a UPI payment the shopper still approves in their UPI app
 * completes the session unpaid, and Stripe says later whether it was paid
 * (docs/decisions/0051-card-payments-and-refunds.md). Meanwhile the page says "Waiting for your UPI app", asks for the
 * order every few seconds, and says when the payment arrived or failed. It draws the page's heading, so "Payment received"
 * is said only once it is.
 */
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

  // The heading says where the payment is: received only once it is.
  const heading = (text: string) => <h1 className="order-result__title">{text}</h1>;
  if (!waited.current) return heading(t('paymentDone'));
  if (order?.payment_status === 'AWAITING_PAYMENT')
    return (
      <>
        {heading(t('upi.waitingTitle'))}
        <p className="order-result__payment" role="status" data-testid="payment-wait">
          {t('upi.waiting')}
        </p>
      </>
    );
  if (order?.payment_status === 'CANCELLED')
    return (
      <>
        {heading(t('upi.failedTitle'))}
        <p className="order-result__payment order-result__payment--failed" role="alert" data-testid="payment-wait">
          {t('upi.failed')}
        </p>
      </>
    );
  return (
    <>
      {heading(t('paymentDone'))}
      <p className="order-result__payment" role="status" data-testid="payment-wait">
        {t('upi.paid')}
      </p>
    </>
  );
}
