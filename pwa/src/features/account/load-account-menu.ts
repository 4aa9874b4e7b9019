/**
 * The header's account menu, loaded once someone is signed in on a wide screen: its own chunk (with the account's
 * texts), which a first visit, signed out, does not load. A file of its own, as load-cart-drawer.ts is.
 */
export const loadAccountMenu = () => import('./components/account-menu').then((m) => m.AccountMenu);
