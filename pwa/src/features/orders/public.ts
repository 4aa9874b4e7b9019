/** What other features may use of orders (the only file they import from here). */
/** The admin's order moves, for a dark store's queue (features/admin/store-queue.tsx). */
export { adminOrdersApi } from './admin-api';
