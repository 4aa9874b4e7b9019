import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import type { LoginTokens } from '@haat/shared/users/user.types';
import type { PendingAdd } from '../../../lib/http/login-redirect-rule';
import { pendingAddAfterLogin, returnPathAfterLogin } from '../../../lib/http/login-return';
import { tokens } from '../../../lib/http/tokens';
import { endSession, setSessionUser } from '../../../lib/http/session';
import { claimUserData } from '../../../lib/storage/user-data';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { authApi } from '../api';
import { i18n } from '../../../i18n/i18n';
// Static: public.ts imported dynamically would be a chunk of all it re-exports, pulled onto `/` by the cards' Add
// (docs/decisions/0091-a-lighter-first-visit.md).
import { changeCart, reloadCart } from '../../cart/public';

/** The server's cart first (a line already there is added to, not replaced), then the Add; never blocks signing in. */
async function addAfterSignIn({ product, quantity, variant }: PendingAdd): Promise<void> {
  try {
    await reloadCart().catch(() => undefined);
    await changeCart(product, quantity, variant);
  } catch {
    // Signed in all the same; the product page still offers Add.
  }
}

/** docs/product.md#states, "on login…": the session is stored, then back to the page that sent the user to /login, or /. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const returnTo = returnPathAfterLogin(state);
  const add = pendingAddAfterLogin(state);
  return useCallback(
    async (pair: LoginTokens) => {
      // Forget any previous shopper first: nothing queued by them may go out with the new tokens.
      endSession();
      tokens.save({ accessToken: pair.accesstoken, refreshToken: pair.refreshToken });
      try {
        const { data: user } = await authApi.userDetails();
        if (!user) throw new Error('The server sent no profile.');
        await claimUserData(user._id);
        setSessionUser(user);
      } catch (error) {
        tokens.clear(); // half a session is worse than none
        throw error;
      }
      // One message for one event: the header's (docs/product.md#what-haat-is), not also a toast of the server's words.
      showHeaderMessage(i18n.t('auth:loginSuccessful'), LIMITS.headerLoginMessageMs);
      // The Add that sent the shopper here is done now, and said like any other: "Added: Basmati Rice, 1 in cart".
      if (add) await addAfterSignIn(add);
      navigate(returnTo, { replace: true });
    },
    [navigate, returnTo, add],
  );
}
