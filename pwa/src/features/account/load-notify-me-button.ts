/** The cards' Notify me (docs/product.md#back-in-stock), loaded when a signed-in shopper's card shows a sold-out product; a file of its own, as load-account-menu.ts is. */
export const loadNotifyMeButton = () => import('./components/notify-me-button').then((m) => m.NotifyMeButton);
