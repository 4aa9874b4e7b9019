import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { loginReturnState } from '../../../lib/http/login-redirect-rule';
import { isSignedInAtom } from '../../../lib/http/session';
import { NARROW, useMediaQuery } from '../../../lib/hooks/use-media-query';
import { NewOrdersBadge, useRealtime } from '../../realtime/public';
import { AccountMenu } from './account-menu';
import './account.css';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Dashboard layout; dashboard pages open the session's realtime connection. */
export function DashboardFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account');
  const signedIn = useAtomValue(isSignedInAtom);
  const narrow = useMediaQuery(NARROW);
  const { pathname, search } = useLocation();
  useRealtime();
  // Signed out or the session expired: the login page, which comes back here once signed in.
  if (!signedIn) return <Navigate to="/login" replace state={loginReturnState(`${pathname}${search}`)} />;
  return (
    <div className="dashboard">
      <div className="dashboard__head">
        <p className="dashboard__title">{t('dashboard')}</p>
        <p className="dashboard__new-orders" role="status">
          <NewOrdersBadge />
        </p>
      </div>
      <div className="dashboard__body">
        {!narrow && (
          <aside className="dashboard__menu">
            <AccountMenu />
          </aside>
        )}
        <div className="dashboard__content">{children}</div>
      </div>
    </div>
  );
}
