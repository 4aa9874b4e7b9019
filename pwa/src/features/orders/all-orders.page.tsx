import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { factsOfOrder, movesFor, orderSteps } from '@haat/shared/orders/order-lifecycle';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { formatMoney } from '../../i18n/format';
import type { Order } from '@haat/shared/orders/order.types';
import { isAdminAtom } from '../../lib/http/session';
import { PageMeta } from '../../lib/ui/page-meta';
import { DashboardFrame } from '../account/public';
import { useRealtime } from '../realtime/public';
import { PeriodExport } from '../admin/public';
import { useTranslation } from '../../i18n/i18n';
import { paymentStatusWords } from './components/payment-summary';
import { useAdminOrders } from './hooks/use-admin-orders';
import './components/orders.css';
import { spacedMobile } from '@haat/shared/users/mobile-words';

/** The moves a row offers: its kind's steps after Placed (a dark store's order is packed, the warehouse's shipped), and Cancelled. */
const movesOf = (order: Order): OrderStage[] => [...orderSteps(order.fulfilment).slice(1), 'CANCELLED'];

const who = (order: Order) =>
  typeof order.userId === 'object' ? `${order.userId.name}${order.userId.mobile ? ` (${spacedMobile(order.userId.mobile)})` : ''}` : order.userId;

/** docs/product.md#screens, "AdminAllOrders" at /dashboard/allorders: the older table of all orders. Admins only. */
export function AllOrdersPage() {
  const { t } = useTranslation('orders');
  const admin = useAtomValue(isAdminAtom);
  useRealtime();
  return (
    <>
      <PageMeta title={t('table.metaTitle')} />
      {admin ? (
        <DashboardFrame>
          <AllOrdersTable />
        </DashboardFrame>
      ) : (
        <Navigate to="/dashboard/myorders" replace />
      )}
    </>
  );
}

/** Whether the box's content is wider than the box (it then scrolls sideways), kept up to date on resizes. */
function useWiderThanBox(deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => setWider(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measured when the rows change
  }, deps);
  return { ref, wider };
}

function AllOrdersTable() {
  const { t } = useTranslation('orders');
  const { orders, loaded, hasMore, loadMore, updating, move } = useAdminOrders();
  const { ref, wider } = useWiderThanBox([loaded, orders.length]);
  return (
    <section className="all-orders">
      <h1>{t('table.heading')}</h1>
      {wider && (
        <p className="all-orders__hint" data-testid="all-orders-scroll-hint">
          <span aria-hidden="true">⇆</span> {t('table.scrollHint')}
        </p>
      )}
      {!loaded ? (
        <p className="state-box">{t('loadingOrders')}</p>
      ) : orders.length === 0 ? (
        <p className="state-box">{t('table.none')}</p>
      ) : (
        // Its own scroller, no taller than the screen: the sideways scrollbar in view, the arrow keys once focused.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
        <div ref={ref} className={`all-orders__scroller${wider ? ' is-wider' : ''}`} tabIndex={0} role="region" aria-label={t('table.label')}>
          <table>
            <thead>
              <tr>
                {(['orderId', 'user', 'product', 'quantity', 'price', 'address', 'status', 'update'] as const).map((h) => (
                  <th key={h} scope="col">
                    {t(`table.column.${h}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                // The order process decides, as on My Orders' stage mover (docs/architecture.md#the-order-process); a pickup
                // order is handed over with its code there, not from this table.
                const allowed = movesFor(factsOfOrder(order), 'admin').flatMap((move) => (move.guard ? [] : [move.to]));
                return (
                  <tr key={order.orderId} data-testid="all-orders-row">
                    <td>{order.orderId}</td>
                    <td>{who(order)}</td>
                    <td>{order.product_details.map((l) => (l.variantName ? `${l.name} (${l.variantName})` : l.name)).join(', ')}</td>
                    <td>{order.quantity}</td>
                    <td>{formatMoney(order.totalAmt)}</td>
                    <td className="all-orders__address">{order.delivery_address.address}</td>
                    <td>{order.status ? t(`stage.${order.status}`) : paymentStatusWords(order.payment_status)}</td>
                    <td>
                      <div className="stage-mover" role="group" aria-label={t('table.updateLabel', { id: order.orderId })}>
                        {movesOf(order).map((stage) => (
                          <button
                            key={stage}
                            type="button"
                            className="btn btn--ghost btn--small"
                            disabled={!allowed.includes(stage)}
                            aria-busy={updating === order.orderId || undefined}
                            onClick={() => move(order.orderId, stage)}
                          >
                            {t(`stage.${stage}`)}
                          </button>
                        ))}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && (
        <button type="button" className="btn btn--ghost" onClick={loadMore}>
          {t('manage.loadMore')}
        </button>
      )}
      {/* At the foot: the table, the page's work, starts on the first screen of a phone. */}
      <PeriodExport what="orders" />
    </section>
  );
}
