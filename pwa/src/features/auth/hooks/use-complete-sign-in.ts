import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import type { LoginTokens } from '@haat/shared/users/user.types';
import { returnPathAfterLogin } from '../../../lib/http/login-redirect-rule';
import { tokens } from '../../../lib/http/tokens';
import { endSession, setSessionUser } from '../../../lib/http/session';
import { claimUserData } from '../../../lib/storage/user-data';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { authApi } from '../api';
import { i18n } from '../../../i18n/i18n';

/**
 * docs/product.md#states, "on login, tokens are stored, the user profile is fetched and stored, then the app goes to /".
 * The cart, addresses and orders reload when the session user changes (app/session-sync.tsx).
 * A page that sent the user to /login (a dashboard page, an expired session) is returned to instead of /.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const returnTo = returnPathAfterLogin(useLocation().state);
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
      navigate(returnTo, { replace: true });
    },
    [navigate, returnTo],
  );
}
