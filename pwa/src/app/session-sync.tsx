import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { registerNavigator } from '../lib/ui/app-navigation';
import { endSession, setSessionUser, userAtom } from '../lib/http/session';
import { tokens } from '../lib/http/tokens';
import { storageWanted } from '../lib/storage/device-store';
import { useServerRefresh } from '../lib/storage/use-server-refresh';

// IndexedDB's side (the outbox, the shopper's stores) with Dexie, and the profile's refresh, loaded after the first render.
let storageSide: Promise<typeof import('./session-storage')> | undefined;
const loadStorageSide = () => (storageSide ??= import('./session-storage'));

/** Keeps the device in step with the session (docs/product.md#states): queued writes out first, then the server's copies. */
export function SessionSync() {
  const navigate = useNavigate();
  const userId = useAtomValue(userAtom)?._id;

  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
  }, [navigate]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // A device with nothing stored has no queued write (docs/decisions/0170-storage-waits-on-a-device-with-nothing-stored.md).
    void storageWanted()
      .then(loadStorageSide)
      .then((m) => {
        if (live) stop = m.startOutboxSync();
      });
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  const signedIn = !!(tokens.refresh() || tokens.access());
  useEffect(() => {
    if (!signedIn && userId) endSession(); // the tokens were cleared elsewhere (another tab logged out)
  }, [signedIn, userId]);
  // Signed in: the profile, then (once the user is known) the account's collections, again after a reconnect.
  useServerRefresh(signedIn ? (userId ?? 'signing-in') : null, async (signal) => {
    const data = await loadStorageSide();
    const fresh = await data.freshProfile(); // offline: keep the stored profile
    if (signal.aborted) return;
    if (fresh?.data) {
      await data.claimFor(fresh.data._id);
      setSessionUser(fresh.data); // same id: only the profile fields refresh, the key stays
    }
    if (userId) await data.refreshUserData(); // else this runs again once the user is set
  });

  return null;
}
