import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n/i18n';
import { userAtom } from '../../lib/http/session';
import { useNewOrdersCount } from './new-orders-counter';
import { newOrdersBadge } from './realtime-events';
import './new-orders-badge.css';

/** The admin's red New Orders: {n} badge (docs/product.md#screens, Dashboard): the server's count, nothing at 0. */
export function NewOrdersBadge() {
  useTranslation();
  const user = useAtomValue(userAtom);
  const admin = user?.role === 'ADMIN';
  const badge = newOrdersBadge(useNewOrdersCount(admin ? user._id : null));
  return admin && badge ? <span className="dashboard__badge">{badge}</span> : null;
}
