import { Link } from 'react-router-dom';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { useQueuedOrder } from '../hooks/use-queued-order';

/** /success?pending=key: an offline order, shown as waiting until the real order id arrives; an unknown key is said so. */
export function QueuedOrderStatus({ queueKey }: { queueKey: string }) {
  const order = useQueuedOrder(queueKey);
  if (order.state === 'loading') return null;
  if (order.state === 'waiting') {
    return (
      <div className="order-result order-result--waiting" data-testid="order-waiting">
        <h1 className="order-result__title">Waiting for network — your order will be placed when you are back online</h1>
        <p>It is saved on this device and will be sent once, as soon as the connection returns.</p>
        <Link to="/">Go To Home</Link>
      </div>
    );
  }
  if (order.state === 'unknown') {
    // A key this device never queued (a stale or made-up link) is not a placed order.
    return (
      <div className="order-result" data-testid="order-unknown">
        <h1 className="order-result__title">Order not found</h1>
        <p>This device has no order waiting under this link. Your placed orders are listed in My Orders.</p>
        <Link className="btn btn--primary" to="/my-orders">
          My Orders
        </Link>
        <Link to="/">Go To Home</Link>
      </div>
    );
  }
  if (order.state === 'failed') {
    return (
      <div className="order-result" data-testid="order-failed">
        <h1 className="order-result__title">Your order could not be placed</h1>
        <p>{order.message}</p>
        <Link className="btn btn--primary" to="/checkout" onClick={() => void outboxFacade.discard(queueKey)}>
          Review your cart
        </Link>
      </div>
    );
  }
  return (
    <div className="order-result" data-testid="order-success">
      <h1 className="order-result__title">Order Successfully</h1>
      {order.state === 'placed' && <p className="order-result__id" data-testid="order-id">{`Order #${order.orderId}`}</p>}
      <Link to="/">Go To Home</Link>
    </div>
  );
}
