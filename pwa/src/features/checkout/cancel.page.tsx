import { Link, useSearchParams } from 'react-router-dom';
import { ErrorCode } from '@haat/shared/common/error-code';
import { useOnlineQuery } from '../../lib/query/query-client';
import { PageMeta } from '../../lib/ui/page-meta';
import { problemOf } from '../../lib/http/http-problem';
import { reloadCart } from '../cart/public';
import { reloadOrders } from '../../lib/storage/order-store';
import { PaymentRetry } from './components/payment-retry';
import { checkoutApi } from './api';
import './components/checkout.css';
import { useTranslation } from '../../i18n/i18n';

type Outcome =
  | { kind: 'cancelling' }
  | { kind: 'cancelled' }
  /** A cash-on-delivery order: nothing was paid, nothing is cancelled; it is paid in cash at the door. */
  | { kind: 'cash' }
  /** The order is paid: leaving Stripe's page never cancels it. */
  | { kind: 'not-awaiting'; message: string }
  /** No answer (offline, server trouble): the order was not cancelled now, its session runs out by itself. */
  | { kind: 'unconfirmed' };

/** Cancels an order awaiting its card payment, and says what became of it; the cart is read again either way. */
async function abandon(orderId: string): Promise<Outcome> {
  const outcome = await checkoutApi.abandonCardPayment(orderId).then(
    (): Outcome => ({ kind: 'cancelled' }),
    (error: unknown): Outcome => {
      const problem = problemOf(error);
      if (problem.code !== ErrorCode.NotAwaitingPayment) return { kind: 'unconfirmed' };
      // Opened again after the cancellation (or after the session expired): it is cancelled.
      if (problem.body?.payment_status === 'CANCELLED') return { kind: 'cancelled' };
      if (problem.body?.payment_status === 'CASH ON DELIVERY') return { kind: 'cash' };
      return { kind: 'not-awaiting', message: problem.message };
    },
  );
  // The cart is kept on the server for an unpaid order (docs/product.md#after-a-payment-fails); the device reads both again.
  void Promise.all([reloadCart(), reloadOrders()]).catch(() => undefined);
  return outcome;
}

/** /cancel?orderId=: back from Stripe unpaid; an order awaiting its card payment is cancelled, any other is said. */
export function CancelPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  // Sent here by the success page when the UPI app refused the payment (components/payment-wait.tsx).
  const upiFailed = params.get('why') === 'upi';
  // Asking twice is harmless (a second answer is 409 with the order's payment status), so the layer may dedupe it.
  const asked = useOnlineQuery({ queryKey: ['checkout', 'abandon', orderId], queryFn: () => abandon(orderId!), enabled: !!orderId, staleTime: Infinity });
  const outcome: Outcome = !orderId ? { kind: 'cancelled' } : (asked.data ?? { kind: 'cancelling' });

  const order = orderId ? t('orderId', { id: orderId }) : t('cancel.order');
  return (
    <>
      <PageMeta title={outcome.kind === 'cancelled' || outcome.kind === 'cancelling' ? t('cancel.title') : t('cancel.otherTitle')} />
      <div className="order-result" data-testid="order-cancelled">
        {outcome.kind === 'cancelling' && <h1 className="order-result__title">{t('cancel.cancelling', { order })}</h1>}
        {outcome.kind === 'cancelled' && <h1 className="order-result__title">{upiFailed ? t('upi.failedTitle') : t('cancel.cancelled', { order })}</h1>}
        {outcome.kind === 'cancelled' && upiFailed && (
          <p className="order-result__payment order-result__payment--failed" role="alert" data-testid="payment-wait">
            {t('upi.failed')}
          </p>
        )}
        {outcome.kind === 'cancelled' && orderId && <PaymentRetry orderId={orderId} />}
        {outcome.kind === 'cash' && (
          <>
            <h1 className="order-result__title">{t('cancel.cash', { order })}</h1>
            <p className="order-result__id">{t('cancel.cashText')}</p>
            <Link to="/my-orders">{t('cancel.myOrders')}</Link>
          </>
        )}
        {outcome.kind === 'not-awaiting' && (
          <>
            <h1 className="order-result__title">{t('cancel.notAwaiting')}</h1>
            <p className="order-result__id">{outcome.message}</p>
            <Link to="/my-orders">{t('cancel.myOrders')}</Link>
          </>
        )}
        {outcome.kind === 'unconfirmed' && (
          <>
            <h1 className="order-result__title">{t('cancel.notPaid', { order })}</h1>
            <p className="order-result__id">{t('cancel.nothingCharged')}</p>
          </>
        )}
        <Link to="/">{t('goHome')}</Link>
      </div>
    </>
  );
}
