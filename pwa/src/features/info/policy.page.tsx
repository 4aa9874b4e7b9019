import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageMeta } from '../../lib/ui/page-meta';
import { RichText } from './rich-text';
import { useSupportValues } from './support-values';
import './info.css';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/**
 * docs/product.md#screens static pages /privacy-policy and /return-policy: the sections info.json holds
 * (`privacy.sections`, `returns.sections`), a heading each, then paragraphs or a list.
 */
export function PolicyPage() {
  const of = useLocation().pathname === '/return-policy' ? 'returns' : 'privacy';
  const { t } = useTranslation('info');
  const support = useSupportValues(t('hours'));
  const sections = t(`${of}.sections`, { returnObjects: true, ...support }) as Section[];
  return (
    <>
      <PageMeta title={t(`${of}.meta.title`)} description={t(`${of}.meta.description`)} />
      <article className="page page--narrow info-page">
        <h1>{t(`${of}.title`)}</h1>
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
      </article>
    </>
  );
}
