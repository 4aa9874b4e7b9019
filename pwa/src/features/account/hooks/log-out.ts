import { LIMITS } from '@haat/shared/common/limits';
import { endSession } from '../../../lib/http/session';
import { clearUserData } from '../../../lib/storage/user-data';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { forgetPushOnThisDevice } from '../../realtime/public';
import { forgetRecentSearches } from '../../../lib/device/recent-searches-soon';
import { i18n } from '../../../i18n/i18n';

/** docs/product.md#states: "Logout clears user state and local storage", even when offline (useLogout then returns to /). */
export async function logOut(): Promise<void> {
  // This device stops hearing of the account's orders (while the session can still say so), then the session ends.
  await forgetPushOnThisDevice();
  // Revokes the refresh session when online; the account's API loads here, not with the precached log-out (offline, it
  // fails to load as the request would fail).
  await import('../api').then(({ accountApi }) => accountApi.logout()).catch(() => null);
  await clearUserData();
  endSession();
  // The recent searches' copy in memory too (docs/decisions/0227-the-empty-search-screen.md), then the device's storage.
  await forgetRecentSearches();
  localStorage.clear();
  // One message for one event: the header's (docs/product.md#what-haat-is), not also a toast of the server's words.
  showHeaderMessage(i18n.t('account:logoutSuccessful'), LIMITS.headerLoginMessageMs);
}
