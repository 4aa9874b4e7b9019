import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorCode } from '@haat/shared/common/error-code';
import { PageMeta } from '../../lib/ui/page-meta';
import { problemOf } from '../../lib/http/http-problem';
import { reloadCart } from '../cart/public';
import { checkoutApi } from './api';
import './components/checkout.css';
import { useTranslation } from 'react-i18next';

type Outcome =
  | { kind: 'cancelling' }
  | { kind: 'cancelled' }
  /** The order is paid or cash on delivery: leaving Stripe's page never cancels it. */
  | { kind: 'not-awaiting'; message: string }
  /** No answer (offline, server trouble): the order was not cancelled now, its session runs out by itself. */
  | { kind: 'unconfirmed' };

/**
 * /cancel?orderId=: back from Stripe without paying. An order still awaiting its card payment holds
 * its stock, so it is cancelled here (the API also expires its Stripe session). Any other order (cash on
 * delivery, already paid) is refused by the API and the page says so instead of claiming a cancellation.
 */
export function CancelPage() {
  const { t } = useTranslation('checkout');
  const orderId = useSearchParams()[0].get('orderId');
  const [outcome, setOutcome] = useState<Outcome>({ kind: orderId ? 'cancelling' : 'cancelled' });
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    checkoutApi
      .abandonCardPayment(orderId)
      .then(
        (): Outcome => ({ kind: 'cancelled' }),
        (error: unknown): Outcome => {
          const problem = problemOf(error);
          if (problem.code !== ErrorCode.NotAwaitingPayment) return { kind: 'unconfirmed' };
          // Opened again after the cancellation (or after the session expired): it is cancelled.
          if (problem.body?.payment_status === 'CANCELLED') return { kind: 'cancelled' };
          return { kind: 'not-awaiting', message: problem.message };
        },
      )
      .then((next) => {
        if (live) setOutcome(next);
        return reloadCart();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId]);

  const order = orderId ? t('orderId', { id: orderId }) : t('cancel.order');
  return (
    <>
      <PageMeta title={t('cancel.title')} />
      <div className="order-result" data-testid="order-cancelled">
        {outcome.kind === 'cancelling' && <h1 className="order-result__title">{t('cancel.cancelling', { order })}</h1>}
        {outcome.kind === 'cancelled' && <h1 className="order-result__title">{t('cancel.cancelled', { order })}</h1>}
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
