import { useAtomValue } from 'jotai';
import { Navigate, useNavigate } from 'react-router-dom';
import { loginReturnState } from '../../lib/http/login-redirect-rule';
import { isSignedInAtom } from '../../lib/http/session';
import { PageMeta } from '../../lib/ui/page-meta';
import { AccountMenu } from './components/account-menu';
import { useTranslation } from '../../i18n/i18n';

/** /user (docs/product.md#screens): the account menu as a page on phones, with a close button that goes back. */
export function UserMenuPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <>
      <PageMeta title={t('userMenu.meta')} />
      {signedIn ? (
        <div className="user-menu-page">
          <button type="button" className="btn btn--ghost btn--small user-menu-page__close" aria-label={t('userMenu.close')} onClick={() => navigate(-1)}>
            ✕
          </button>
          <h1 className="user-menu-page__title">{t('menu.label')}</h1>
          <AccountMenu />
        </div>
      ) : (
        <Navigate to="/login" replace state={loginReturnState('/user')} />
      )}
    </>
  );
}
