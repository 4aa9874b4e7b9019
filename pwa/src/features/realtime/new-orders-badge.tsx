import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n/i18n';
import { userAtom } from '../../lib/http/session';
import { useNewOrdersCount } from './new-orders-counter';
import { newOrdersBadge } from './realtime-events';
import './new-orders-badge.css';

/**
 * The admin's red New Orders: {n} badge (docs/product.md#screens, Dashboard); nothing for shoppers or at 0. Each dashboard
 * page reads the count from the server, so a reload shows the orders placed since Manage Orders was opened; the
 * realtime connection opening or closing never changes it (new-orders-counter.ts).
 */
export function NewOrdersBadge() {
  // Read in the admin's language, and again when it changes.
  useTranslation();
  const user = useAtomValue(userAtom);
  const admin = user?.role === 'ADMIN';
  const adminId = admin ? user._id : null;
  // Read for each admin who signs in here (another account's count is not theirs).
  const badge = newOrdersBadge(useNewOrdersCount(adminId));
  return admin && badge ? <span className="dashboard__badge">{badge}</span> : null;
}
