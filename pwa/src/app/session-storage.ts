import { flushOutbox, startOutboxSync } from '../lib/storage/outbox-sync';
import { claimUserData } from '../lib/storage/user-data';
import { reloadOrders } from '../lib/storage/order-store';
import { accountApi, registerNotifyMeSync, registerWishlistSync, reloadAddresses, reloadNotifyMe, reloadWishlist } from '../features/account/public';
import { registerCartSync, reloadCart } from '../features/cart/public';
import { registerCodQueue } from '../features/checkout/public';

// The half of SessionSync that loads after the first render, its own chunk with Dexie: IndexedDB's side and the signed-in
// shopper's profile (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).

// The outbox learns how to send each kind of queued write before anything can flush it.
registerCartSync();
registerCodQueue();
registerWishlistSync();
registerNotifyMeSync();

const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

export { startOutboxSync };

/** The signed-in shopper's profile from the server, or null when it cannot be had (offline: the stored one stays). */
export const freshProfile = () => accountApi.userDetails().catch(() => null);

/** Marks the device's shopper data as this user's (wiping another's), as the server's profile came back. */
export const claimFor = claimUserData;

/** Queued writes go out first, then the server's copies come back into IndexedDB. */
export async function refreshUserData(): Promise<void> {
  await flushOutbox();
  quietly(reloadCart());
  quietly(reloadAddresses());
  quietly(reloadOrders());
  quietly(reloadWishlist());
  quietly(reloadNotifyMe());
}
