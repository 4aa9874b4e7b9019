/** What other features may use of the cart (the only file they import from here). */
export { AddToCartButton, useInCart } from './components/add-to-cart-button';
export { BillDetails } from './components/bill-details';
export { EmptyCart } from './components/empty-cart';
export { HoldLimitNote } from './components/hold-limit-note';
export { useCart } from './hooks/use-cart';
export { changeCart } from './change-cart';
export { registerCartSync, reloadCart } from './cart-sync';
export { cartTotals } from './cart-lines';
export { loadCartDrawer } from './load-cart-drawer';
export { loadOrderAgain } from './load-order-again';
