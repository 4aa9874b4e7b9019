import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorCode } from '@haat/shared/common/error-code';
import { PageMeta } from '../../lib/ui/page-meta';
import { problemOf } from '../../lib/http/http-problem';
import { reloadCart } from '../cart/public';
import { checkoutApi } from './api';
import './components/checkout.css';

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

  const order = orderId ? `Order #${orderId}` : 'Order';
  return (
    <>
      <PageMeta title="Order cancelled | Haat" />
      <div className="order-result" data-testid="order-cancelled">
        {outcome.kind === 'cancelling' && <h1 className="order-result__title">{`Cancelling ${order}…`}</h1>}
        {outcome.kind === 'cancelled' && <h1 className="order-result__title">{`${order} Cancelled`}</h1>}
        {outcome.kind === 'not-awaiting' && (
          <>
            <h1 className="order-result__title">This order is not awaiting payment</h1>
            <p className="order-result__id">{outcome.message}</p>
            <Link to="/my-orders">My Orders</Link>
          </>
        )}
        {outcome.kind === 'unconfirmed' && (
          <>
            <h1 className="order-result__title">{`${order} Not Paid`}</h1>
            <p className="order-result__id">Nothing was charged. If it is not paid, it is cancelled automatically within about half an hour.</p>
          </>
        )}
        <Link to="/">Go To Home</Link>
      </div>
    </>
  );
}
