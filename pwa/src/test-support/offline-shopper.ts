import { getDefaultStore } from 'jotai';
import type { User } from '@haat/shared/users/user.types';
import { setSessionUser } from '../lib/http/session';
import { clearUserData } from '../lib/storage/user-data';
import { toastsAtom } from '../lib/ui/toast';

/** The messages of the toasts on screen, oldest first. */
export const toastMessages = (): string[] =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.message);

/**
 * A test's start for the cart's and wishlist's controls: nothing stored on the device, no toast, shopper Asha signed
 * in, and the browser offline, so the outbox keeps each change where the test can read it.
 */
export async function signedInOffline(): Promise<void> {
  await clearUserData();
  getDefaultStore().set(toastsAtom, []);
  setSessionUser({ _id: 'u1', name: 'Asha' } as User);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
}
