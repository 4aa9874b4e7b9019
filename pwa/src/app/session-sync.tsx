import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { registerNavigator } from '../lib/ui/app-navigation';
import { flushOutbox, startOutboxSync } from '../lib/storage/outbox-sync';
import { endSession, setSessionUser, userAtom } from '../lib/http/session';
import { tokens } from '../lib/http/tokens';
import { claimUserData } from '../lib/storage/user-data';
import { accountApi } from '../features/account/api';
import { reloadAddresses } from '../features/account/address-store';
import { registerWishlistSync, reloadWishlist } from '../features/account/wishlist-sync';
import { registerCartSync, reloadCart } from '../features/cart/cart-sync';
import { registerCodQueue } from '../features/checkout/cod-queue';
import { reloadOrders } from '../lib/storage/order-store';

// The outbox learns how to send each kind of queued write before anything can flush it.
registerCartSync();
registerCodQueue();
registerWishlistSync();

const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

/**
 * Keeps the device in step with the session (docs/product.md#states, "On start the client loads user details"; "when
 * the user changes, cart, address list and orders reload"): queued writes go out first, then the
 * server's copies come back into IndexedDB. Offline, all of it waits and the screens use what is stored.
 */
export function SessionSync() {
  const navigate = useNavigate();
  const userId = useAtomValue(userAtom)?._id;

  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
  }, [navigate]);
  useEffect(() => {
    return startOutboxSync();
  }, []);

  useEffect(() => {
    if (!tokens.refresh() && !tokens.access()) {
      if (userId) endSession(); // the tokens were cleared elsewhere (another tab logged out)
      return;
    }
    let live = true;
    void (async () => {
      const fresh = await accountApi.userDetails().catch(() => null); // offline: keep the stored profile
      if (!live) return;
      if (fresh?.data) {
        await claimUserData(fresh.data._id);
        setSessionUser(fresh.data); // same id: only the profile fields refresh, this effect does not rerun
      }
      if (!userId) return; // the effect runs again once the user is set
      await flushOutbox();
      quietly(reloadCart());
      quietly(reloadAddresses());
      quietly(reloadOrders());
      quietly(reloadWishlist());
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  return null;
}
