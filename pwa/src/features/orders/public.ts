/** What other features may use of orders (the only file they import from here). */
export { PushToggle } from './components/push-toggle';
