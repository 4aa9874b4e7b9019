import { Link } from 'react-router-dom';
import { PageMeta } from './page-meta';
import { useTranslation } from '../../i18n/i18n';

/** The 404 content: unknown paths, and pages whose id names nothing (unknown product or listing). */
export function NotFound({ what = 'page', heading }: { what?: 'page' | 'product' | 'list'; heading?: string }) {
  const { t } = useTranslation('not-found');
  const title = heading ?? t('heading');
  return (
    <>
      <PageMeta title={`${title} | Haat`} description={t('description')} />
      <section className="page page--narrow state-box" data-testid="not-found">
        <h1>{title}</h1>
        <p>{t(`text.${what}`)}</p>
        <Link to="/" className="btn btn--primary">
          {t('common:goHome')}
        </Link>
      </section>
    </>
  );
}
