import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OrderArrival } from './order-arrival';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { loadPushToggle } from '../../realtime/public';
import { lazyPart } from '../../../lib/ui/lazy-part';
import { useQueuedOrder } from '../hooks/use-queued-order';
import { useTranslation } from '../../../i18n/i18n';
import { PromisePart } from '../../../lib/delivery/promise-part';

// Loaded when drawn, as on the success page: the order waits for the network, and so does turning push on.
const PushToggle = lazyPart(loadPushToggle);

/** /success?pending=key: an offline order, waiting until placed (or unknown, or refused); once placed, with `offers`. */
export function QueuedOrderStatus({ queueKey, offers }: { queueKey: string; offers?: ReactNode }) {
  const { t } = useTranslation('checkout');
  const order = useQueuedOrder(queueKey);
  if (order.state === 'loading') return null;
  if (order.state === 'waiting') {
    return (
      <div className="order-result order-result--waiting" data-testid="order-waiting">
        <h1 className="order-result__title">{t('queued.waiting')}</h1>
        <p>{t('queued.waitingText')}</p>
        {order.promise && <PromisePart seen={{ promise: order.promise }} label="placedUnder" testId="order-waiting-promise" />}
        <Link to="/">{t('goHome')}</Link>
      </div>
    );
  }
  if (order.state === 'unknown') {
    // A key this device never queued (a stale or made-up link) is not a placed order.
    return (
      <div className="order-result" data-testid="order-unknown">
        <h1 className="order-result__title">{t('queued.notFound')}</h1>
        <p>{t('queued.notFoundText')}</p>
        <Link className="btn btn--primary" to="/my-orders">
          {t('queued.myOrders')}
        </Link>
        <Link to="/">{t('goHome')}</Link>
      </div>
    );
  }
  if (order.state === 'failed') {
    return (
      <div className="order-result" data-testid="order-failed">
        <h1 className="order-result__title">{t('queued.failed')}</h1>
        <p>{order.message}</p>
        <Link className="btn btn--primary" to="/checkout" onClick={() => void outboxFacade.discard(queueKey)}>
          {t('queued.review')}
        </Link>
      </div>
    );
  }
  return (
    <div className="order-result" data-testid="order-success">
      <h1 className="order-result__title">{t('orderDone')}</h1>
      <p className="order-result__id" data-testid="order-id">
        {t('orderId', { id: order.orderId })}
      </p>
      <OrderArrival orderId={order.orderId} />
      <PushToggle audience="shopper" offerOnly />
      {offers}
      <Link to="/">{t('goHome')}</Link>
    </div>
  );
}
