import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ORDER_STAGES, type OrderStage } from '@haat/shared/orders/order-stages';
import { orderAnchor } from '@haat/shared/orders/stage-notices';
import { isAdminAtom } from '../../lib/http/session';
import { toast } from '../../lib/ui/toast';
import { PageMeta } from '../../lib/ui/page-meta';
import { DashboardFrame } from '../account/public';
import { PushToggle, useOrdersSeen, useRealtime } from '../realtime/public';
import { OrderCard } from './components/order-card';
import { groupOrders, OrderTabs } from './components/order-tabs';
import { StageFilter } from './components/stage-filter';
import { ManagedOrder } from './components/managed-order';
import { useAdminOrders } from './hooks/use-admin-orders';
import { useMyOrders } from './hooks/use-my-orders';
import { reloadOrders } from '../../lib/storage/order-store';
import { latePart } from '../../lib/ui/late-part';
import { loadBuyAgainRow } from '../home/public';
import { useServerRefresh } from '../../lib/storage/use-server-refresh';
import './components/orders.css';
import { i18n, useTranslation } from '../../i18n/i18n';

/** /my-orders and /dashboard/myorders (docs/product.md#screens, Orders): Your Orders, or Manage Orders for an admin. */
export function MyOrdersPage() {
  const admin = useAtomValue(isAdminAtom);
  const inDashboard = useLocation().pathname.startsWith('/dashboard');
  useRealtime();
  const content = admin ? <ManageOrders /> : <YourOrders />;
  return inDashboard ? <DashboardFrame>{content}</DashboardFrame> : content;
}

// Buy again above the shopper's orders (docs/product.md#buy-again-and-order-again): its own chunk, asked for at once on this page.
const BuyAgainRow = latePart(loadBuyAgainRow);

/** The order a stage notice opens (`#order-<id>`), if any. */
function focusedOrder(hash: string): string | undefined {
  const prefix = `#${orderAnchor('')}`;
  return hash.startsWith(prefix) ? decodeURIComponent(hash.slice(prefix.length)) : undefined;
}

function YourOrders() {
  const { t } = useTranslation('orders');
  const { groups, queued, loaded } = useMyOrders();
  const focus = focusedOrder(useLocation().hash);
  // A stage notice opens its order: once the card is on the page (its tab chosen), bring it into view.
  const focusShown = !!focus && Object.values(groups).some((list) => list.some((o) => o.orderId === focus));
  useEffect(() => {
    if (!focus || !focusShown) return;
    const frame = requestAnimationFrame(() => document.getElementById(orderAnchor(focus))?.scrollIntoView({ block: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [focus, focusShown]);
  const { refreshing, failure } = useServerRefresh('orders', reloadOrders);
  // Offline the saved orders stand; any other failure is said.
  useEffect(() => {
    if (failure && failure !== 'network') toast.error(i18n.t('orders:failedFetch'));
  }, [failure]);

  return (
    <>
      <PageMeta title={t('title')} />
      <section className="my-orders">
        <h1>{t('heading')}</h1>
        <BuyAgainRow now />
        {queued.map((key) => (
          <p key={key} className="my-orders__queued" data-testid="queued-order">
            {t('queued')} <Link to={`/success?pending=${key}`}>{t('seeIt')}</Link>
          </p>
        ))}
        <OrderTabs groups={groups} loading={!loaded || refreshing} focus={focus} render={(order) => <OrderCard key={order.orderId} order={order} />} />
      </section>
    </>
  );
}

const stageOf = (value: string | null): OrderStage | undefined => ORDER_STAGES.find((s) => s === value);

/** docs/product.md#roles, ADMIN: every order (`?status=`: at one stage), moved from its card; opening it is seeing them. */
function ManageOrders() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const status = stageOf(params.get('status'));
  const { orders, loaded, hasMore, loadMore, updating, move, refresh } = useAdminOrders(status);
  // Opening Manage Orders is seeing the orders: the badge starts again from 0, on the server too.
  const markSeen = useOrdersSeen();
  // Moving an order is handling it: whatever arrived while this page was open has been seen too.
  const handle = (orderId: string, status: Parameters<typeof move>[1], reason?: Parameters<typeof move>[3]) => move(orderId, status, markSeen, reason);

  return (
    <>
      <PageMeta title={t('manage.metaTitle')} />
      <section className="my-orders">
        <h1>{t('manage.heading')}</h1>
        <PushToggle />
        <StageFilter value={status} onChange={(stage) => setParams(stage ? { status: stage } : {}, { replace: true })} />
        <OrderTabs
          groups={groupOrders(orders)}
          loading={!loaded}
          render={(order) => (
            <ManagedOrder
              key={order.orderId}
              order={order}
              updating={updating === order.orderId}
              onMove={(status, reason) => void handle(order.orderId, status, reason)}
              onHandedOver={refresh}
            />
          )}
        />
        {hasMore && (
          <button type="button" className="btn btn--ghost" onClick={loadMore}>
            {t('manage.loadMore')}
          </button>
        )}
        <p>
          <Link to="/dashboard/allorders">{t('manage.asTable')}</Link>
        </p>
      </section>
    </>
  );
}
