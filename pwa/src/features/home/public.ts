/** What other features may use of home (the only file they import from here). */
export { loadBuyAgainRow } from './load-buy-again-row';
