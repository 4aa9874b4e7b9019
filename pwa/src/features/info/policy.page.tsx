import { useTranslation } from '../../i18n/i18n';
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
 * docs/product.md#screens static pages: /privacy-policy (information collected, how it is used, cookies, a support
 * contact) and /return-policy (and #rules-and-limits: 7-day return window, refund in 5-7 business days). Each is its
 * sections as info.json holds them (`privacy.sections`, `returns.sections`): a heading, then paragraphs or a list.
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
