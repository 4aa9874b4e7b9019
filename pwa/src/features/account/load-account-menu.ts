/** The header's account menu, loaded once someone is signed in on a wide screen; a file of its own, as load-cart-drawer.ts is. */
export const loadAccountMenu = () => import('./components/account-menu').then((m) => m.AccountMenu);
