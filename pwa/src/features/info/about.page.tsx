import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../lib/ui/page-meta';
import { RichText } from './rich-text';
import { useSupportValues } from './support-values';
import { deliveryRange } from '../../lib/delivery/delivery-words';
import './info.css';

/** /about: what Haat is. */
export function AboutPage() {
  const { t } = useTranslation('info');
  const support = useSupportValues(t('hours'));
  const promises = t('about.promises', { returnObjects: true, ...deliveryRange() }) as string[];
  return (
    <>
      <PageMeta title={t('about.meta.title')} description={t('about.meta.description')} />
      <article className="page page--narrow info-page">
        <h1>{t('about.title')}</h1>
        <p>
          <RichText text={t('about.intro')} />
        </p>
        <h2>{t('about.promiseTitle')}</h2>
        <ul>
          {promises.map((promise) => (
            <li key={promise}>
              <RichText text={promise} />
            </li>
          ))}
        </ul>
        <h2>{t('about.whoTitle')}</h2>
        <p>
          <RichText text={t('about.who', support)} />
        </p>
        <p>
          <Link to="/shop" className="btn btn--primary">
            {t('about.start')}
          </Link>
        </p>
      </article>
    </>
  );
}
