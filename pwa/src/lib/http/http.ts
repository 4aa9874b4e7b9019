import { createHttp } from './create-http';
import { toast } from '../ui/toast';
import { endSession } from './session';
import { navigateTo } from '../ui/app-navigation';
import { loginReturnState } from './login-redirect-rule';
import { currentLanguage } from '../../i18n/i18n';

/**
 * THE one HTTP client of the PWA: every call carries the bearer token, shares the single-flight refresh and shows the
 * server's message on failure (docs/product.md#api; silence a call with `context: { silent: true }`).
 */
export const http = createHttp({
  prefixUrl: '/api',
  language: currentLanguage,
  onError: (message) => toast.error(message),
  onAuthLost: (redirect) => {
    endSession();
    // Signing in again brings the user back to the page they were on.
    if (redirect) navigateTo('/login', { state: loginReturnState(`${location.pathname}${location.search}`) });
  },
});
