/** Buy again's row, loaded after the first screen and only for a signed-in shopper (a file of its own, like the cart drawer's). */
export const loadBuyAgainRow = () => import('./components/buy-again-row').then((m) => m.BuyAgainRow);
