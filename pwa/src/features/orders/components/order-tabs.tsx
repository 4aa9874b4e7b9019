import { useEffect, useRef, useState, type ReactNode } from 'react';
import { orderGroup, type OrderGroup } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { useTranslation } from '../../../i18n/i18n';

const TABS: OrderGroup[] = ['newPending', 'completed', 'cancelled'];

/** docs/product.md#states grouping: COMPLETED → Delivered, CANCELLED → Cancelled, anything else → New / Pending. */
export function groupOrders<T extends Pick<Order, 'payment_status'>>(orders: readonly T[]): Record<OrderGroup, T[]> {
  const groups: Record<OrderGroup, T[]> = { newPending: [], completed: [], cancelled: [] };
  for (const order of orders) groups[orderGroup(order.payment_status)].push(order);
  return groups;
}

interface Props<T> {
  groups: Record<OrderGroup, T[]>;
  loading: boolean;
  render: (order: T) => ReactNode;
  /** An order to open on (a stage notice's link): its tab is shown once it has loaded. */
  focus?: string;
}

/** docs/product.md#screens, Orders: the three tabs, Loading orders... and No Data. */
export function OrderTabs<T extends Order>({ groups, loading, render, focus }: Props<T>) {
  const [tab, setTab] = useState<OrderGroup>('newPending');
  const { t } = useTranslation('orders');
  const focused = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focus || focused.current === focus) return;
    const group = TABS.find((id) => groups[id].some((o) => o.orderId === focus));
    if (!group) return;
    focused.current = focus;
    setTab(group);
  }, [focus, groups]);
  const shown = groups[tab];
  return (
    <>
      <div className="my-orders__tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className="my-orders__tab" onClick={() => setTab(id)}>
            {t('tabs.count', { label: t(`tabs.${id}`), count: groups[id].length })}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {loading && shown.length === 0 ? (
          <p className="state-box">{t('loadingOrders')}</p>
        ) : shown.length === 0 ? (
          <p className="state-box">{t('noData')}</p>
        ) : (
          shown.map(render)
        )}
      </div>
    </>
  );
}
