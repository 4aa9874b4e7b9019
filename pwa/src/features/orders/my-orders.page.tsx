import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderGroup } from '@haat/shared/orders/order-stages';
import { isNetworkProblem } from '../../lib/http-problem';
import { toast } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { OrderCard } from './components/order-card';
import { useMyOrders } from './hooks/use-my-orders';
import { reloadOrders } from './order-store';
import './components/orders.css';

const TABS: Array<[OrderGroup, string]> = [
  ['newPending', 'New / Pending'],
  ['completed', 'Delivered'],
  ['cancelled', 'Cancelled'],
];

/** /my-orders and /dashboard/myorders (spec §2 Orders): Your Orders in three tabs; offline, the stored list. */
export function MyOrdersPage() {
  usePageMeta({ title: 'Your Orders | Haat' });
  const { groups, queued, loaded } = useMyOrders();
  const [tab, setTab] = useState<OrderGroup>('newPending');
  const [refreshing, setRefreshing] = useState(true);
  useEffect(() => {
    reloadOrders()
      .catch((error: unknown) => !isNetworkProblem(error) && toast.error('Failed to fetch orders'))
      .finally(() => setRefreshing(false));
  }, []);
  const shown = groups[tab];

  return (
    <section className="my-orders">
      <h1>Your Orders</h1>
      {queued.map((key) => (
        <p key={key} className="my-orders__queued" data-testid="queued-order">
          An order is waiting for network. <Link to={`/success?pending=${key}`}>See it</Link>
        </p>
      ))}
      <div className="my-orders__tabs" role="tablist" aria-label="Order status">
        {TABS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className="my-orders__tab" onClick={() => setTab(id)}>
            {`${label} (${groups[id].length})`}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {!loaded || (refreshing && shown.length === 0) ? (
          <p className="state-box">Loading orders...</p>
        ) : shown.length === 0 ? (
          <p className="state-box">No Data</p>
        ) : (
          shown.map((order) => <OrderCard key={order.orderId} order={order} />)
        )}
      </div>
    </section>
  );
}
