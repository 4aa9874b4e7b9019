/**
 * The push switch for pages the precache holds (the success page, an order waiting on the device): loaded when drawn,
 * as turning push on needs the network anyway; a file of its own, as load-notify-me-button.ts is.
 */
export const loadPushToggle = () => import('./push-toggle').then((m) => m.PushToggle);
