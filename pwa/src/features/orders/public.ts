/** What other features may use of orders (the only file they import from here). */
export { PushToggle } from './components/push-toggle';
/** The admin's order moves, for a dark store's queue (features/admin/store-queue.tsx). */
export { adminOrdersApi } from './admin-api';
