import type { ComponentType, ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../../i18n/i18n';
import { Link } from 'react-router-dom';
import { isAdminAtom } from '../../../lib/http/session';
import { PageMeta } from '../../../lib/ui/page-meta';
import { DashboardFrame } from '../../account/public';
import '../admin.css';

/** An admin page: its meta and the dashboard frame; a signed-in customer sees a short note instead of the page. */
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

/** An admin route: `Body` in the admin frame, titled by the texts `meta` + 'metaTitle' and + 'metaDescription' ("coupons:"). */
export function adminPage(Body: ComponentType, meta: string, title = `${meta}metaTitle`): ComponentType {
  return function AdminPage() {
    const { t } = useTranslation();
    return (
      <AdminFrame title={t(title)} description={t(`${meta}metaDescription`)}>
        <Body />
      </AdminFrame>
    );
  };
}
