import { useAtomValue } from 'jotai';
import { isAdminAtom } from '../../lib/session';
import { newOrdersBadge } from './realtime-events';
import { newOrdersCountAtom } from './realtime-state';
import './new-orders-badge.css';

/** The admin's red New Orders: {n} badge (spec §2 Dashboard); nothing for shoppers or at 0. */
export function NewOrdersBadge() {
  const admin = useAtomValue(isAdminAtom);
  const badge = newOrdersBadge(useAtomValue(newOrdersCountAtom));
  return admin && badge ? <span className="dashboard__badge">{badge}</span> : null;
}
