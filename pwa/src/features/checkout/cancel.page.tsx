import { Link, useSearchParams } from 'react-router-dom';
import { useOnlineQuery } from '../../lib/query/query-client';
import { PageMeta } from '../../lib/ui/page-meta';
import { abandonQuery, type AbandonOutcome } from './api';
import { PaymentRetry } from './components/payment-retry';
import './components/checkout.css';
import { useTranslation } from '../../i18n/i18n';

type Outcome = AbandonOutcome | { kind: 'cancelling' };

/** /cancel?orderId=: back from Stripe unpaid; an order awaiting its card payment is cancelled, any other is said. */
export function CancelPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  // Sent here by the success page when the UPI app refused the payment (components/payment-wait.tsx).
  const upiFailed = params.get('why') === 'upi';
  const asked = useOnlineQuery({ ...abandonQuery(orderId ?? ''), enabled: !!orderId });
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
