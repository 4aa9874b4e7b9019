/** What other features may use of the account (the only file they import from here). */
export { AddressDialog } from './components/address-dialog';
export { AddressText } from './components/address-text';
export { DashboardFrame } from './components/dashboard-frame';
export { useAddresses } from './hooks/use-addresses';
export { useWishlistToggle } from './hooks/use-wishlist-toggle';
export { channelWords, useNotifyMe, type ChannelChoice, type WaitedUnit } from './hooks/use-notify-me';
export { NotifyMeButton } from './components/notify-me-button';
export { loadAccountMenu } from './load-account-menu';
export { loadNotifyMeButton } from './load-notify-me-button';
export { accountApi } from './api';
export { reloadAddresses } from './address-store';
export { registerWishlistSync, reloadWishlist } from './wishlist-sync';
export { registerNotifyMeSync, reloadNotifyMe } from './notify-me-sync';
export { WhatsappOffer } from './components/whatsapp-offer';
