import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../lib/http/session';
import { useNewOrdersCount } from './new-orders-counter';
import { newOrdersBadge } from './realtime-events';
import './new-orders-badge.css';

/**
 * The admin's red New Orders: {n} badge (docs/product.md#screens, Dashboard); nothing for shoppers or at 0. The count is
 * the server's (new-orders-counter.ts), read for each admin who signs in here, in the admin's language.
 */
export function NewOrdersBadge() {
  useTranslation();
  const user = useAtomValue(userAtom);
  const admin = user?.role === 'ADMIN';
  const badge = newOrdersBadge(useNewOrdersCount(admin ? user._id : null));
  return admin && badge ? <span className="dashboard__badge">{badge}</span> : null;
}
