import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isAdminAtom } from '../../../lib/http/session';
import { DashboardFrame } from '../../account/public';
import '../admin.css';

/** The dashboard frame for admin pages: a signed-in customer sees a short note (the server refuses them anyway). */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const admin = useAtomValue(isAdminAtom);
  return (
    <DashboardFrame>
      {admin ? (
        children
      ) : (
        <section className="state-box">
          <p>{t('frame.onlyAdmins')}</p>
          <Link to="/">{t('frame.goHome')}</Link>
        </section>
      )}
    </DashboardFrame>
  );
}
