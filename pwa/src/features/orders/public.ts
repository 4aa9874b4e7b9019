/** What other features may use of orders (the only file they import from here). */
export { STAGE_LABELS } from './components/order-progress';
export { PushToggle } from './components/push-toggle';
