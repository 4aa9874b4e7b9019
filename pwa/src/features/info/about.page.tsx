import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router-dom';
import { RichText } from './rich-text';
import { InfoPage, useSupportValues } from './info-page';
import { deliveryRange } from '../../lib/delivery/delivery-words';

/** /about: what Haat is. */
export function AboutPage() {
  const { t } = useTranslation('info');
  const support = useSupportValues(t('hours'));
  const promises = t('about.promises', { returnObjects: true, ...deliveryRange() }) as string[];
  return (
    <InfoPage name="about">
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
    </InfoPage>
  );
}
