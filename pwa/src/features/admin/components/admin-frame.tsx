import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../../i18n/i18n';
import { Link } from 'react-router-dom';
import { isAdminAtom } from '../../../lib/http/session';
import { PageMeta } from '../../../lib/ui/page-meta';
import { DashboardFrame } from '../../account/public';
import '../admin.css';

/**
 * An admin page: its title and description, and the dashboard frame; a signed-in customer sees a short note instead
 * of the page (the server refuses them anyway).
 */
export function AdminFrame({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const admin = useAtomValue(isAdminAtom);
  return (
    <>
      <PageMeta title={title} description={description} />
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
    </>
  );
}
