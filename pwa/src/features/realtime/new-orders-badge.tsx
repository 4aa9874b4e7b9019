import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { isAdminAtom } from '../../lib/http/session';
import { refreshNewOrders } from './new-orders-counter';
import { newOrdersBadge } from './realtime-events';
import { newOrdersCountAtom } from './realtime-state';
import './new-orders-badge.css';

/**
 * The admin's red New Orders: {n} badge (docs/product.md#screens, Dashboard); nothing for shoppers or at 0. Each dashboard
 * page reads the count from the server, so a reload shows the orders placed since Manage Orders was opened.
 */
export function NewOrdersBadge() {
  const admin = useAtomValue(isAdminAtom);
  useEffect(() => {
    if (admin) void refreshNewOrders();
  }, [admin]);
  const badge = newOrdersBadge(useAtomValue(newOrdersCountAtom));
  return admin && badge ? <span className="dashboard__badge">{badge}</span> : null;
}
