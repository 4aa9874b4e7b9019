import { useCallback } from 'react';
import { usePublicConfig } from '../../../lib/http/public-config';
import { toast } from '../../../lib/ui/toast';
import { authApi } from '../api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useGoogleIdentity } from '../hooks/use-google-identity';
import { useTranslation } from '../../../i18n/i18n';

/** Google sign-in (docs/product.md#screens login and register), shown only when the API has a Google client id. */
export function GoogleSignInButton({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation('auth');
  const { googleClientId } = usePublicConfig();
  const completeSignIn = useCompleteSignIn();
  const failure = mode === 'login' ? t('google.loginFailed') : t('google.signupFailed');
  const onFailure = useCallback(() => toast.error(failure), [failure]);
  const onCredential = async (credential: string) => {
    try {
      const answer = await (mode === 'login' ? authApi.googleLogin(credential) : authApi.googleRegister(credential));
      await completeSignIn(answer.data!);
    } catch {
      toast.error(t('google.failed'));
    }
  };
  const host = useGoogleIdentity(googleClientId, (c) => void onCredential(c), onFailure);
  if (!googleClientId) return null;
  return (
    <div className="auth-form__google">
      <span className="auth-form__or">{t('or')}</span>
      <div ref={host} />
    </div>
  );
}
