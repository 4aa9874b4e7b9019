import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../../i18n/i18n';

/** "Continue with mobile number" under Sign in and Sign up; carries where the shopper was going. */
export function MobileSignInLink() {
  const { t } = useTranslation('auth');
  const state: unknown = useLocation().state;
  return (
    <Link to="/login/mobile" state={state} className="btn btn--ghost auth-form__mobile">
      {t('mobile.continue')}
    </Link>
  );
}
