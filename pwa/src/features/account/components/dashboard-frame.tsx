import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { isSignedInAtom } from '../../../lib/session';
import { NARROW, useMediaQuery } from '../../../lib/use-media-query';
import { AccountMenu } from './account-menu';
import './account.css';

/** Spec §2 Dashboard layout: header Dashboard, the account menu at the side on large screens, the page. */
export function DashboardFrame({ children }: { children: ReactNode }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const narrow = useMediaQuery(NARROW);
  if (!signedIn) return <Navigate to="/login" replace />;
  return (
    <div className="dashboard">
      <p className="dashboard__title">Dashboard</p>
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
