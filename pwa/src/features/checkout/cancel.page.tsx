import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../lib/use-page-meta';
import { ordersApi } from '../orders/public';
import { reloadCart } from '../cart/public';
import './components/checkout.css';

/**
 * /cancel?orderId= (spec §2): back from Stripe without paying. The order still holds its stock, so it
 * is cancelled here (the API also expires its Stripe session), and the title tells the shopper so.
 */
export function CancelPage() {
  usePageMeta({ title: 'Order cancelled | Haat' });
  const orderId = useSearchParams()[0].get('orderId');
  useEffect(() => {
    if (!orderId) return;
    void ordersApi
      .cancel(orderId, true)
      .catch(() => undefined)
      .then(() => reloadCart())
      .catch(() => undefined);
  }, [orderId]);
  return (
    <div className="order-result" data-testid="order-cancelled">
      <h1 className="order-result__title">{orderId ? `Order #${orderId} Cancelled` : 'Order Cancelled'}</h1>
      <Link to="/">Go To Home</Link>
    </div>
  );
}
