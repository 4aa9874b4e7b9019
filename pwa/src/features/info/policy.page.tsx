import { useTranslation } from '../../i18n/i18n';
import { useLocation } from 'react-router-dom';
import { RichText } from './rich-text';
import { InfoPage, useSupportValues } from './info-page';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** docs/product.md#screens static pages /privacy-policy and /return-policy, as info.json holds their sections. */
export function PolicyPage() {
  const of = useLocation().pathname === '/return-policy' ? 'returns' : 'privacy';
  const { t } = useTranslation('info');
  const support = useSupportValues(t('hours'));
  const sections = t(`${of}.sections`, { returnObjects: true, ...support }) as Section[];
  return (
    <InfoPage name={of}>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((text) => (
            <p key={text}>
              <RichText text={text} />
            </p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((text) => (
                <li key={text}>
                  <RichText text={text} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </InfoPage>
  );
}
