import { createHttp } from './create-http';
import { toast } from '../ui/toast';
import { endSession } from './session';
import { navigateTo } from '../ui/app-navigation';
import { loginReturnState } from './login-redirect-rule';
import { currentLanguage } from '../../i18n/i18n';

/** THE one HTTP client of the PWA (docs/product.md#api); silence a call's error toast with `context: { silent: true }`. */
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
