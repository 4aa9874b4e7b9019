import { useTranslation } from 'react-i18next';
import { RichText } from './rich-text';
import { useSupportValues } from './support-values';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** A policy's sections as info.json holds them (`privacy.sections`, `returns.sections`): a heading, then paragraphs or a list. */
export function PolicySections({ of }: { of: 'privacy' | 'returns' }) {
  const { t } = useTranslation('info');
  const support = useSupportValues(t('hours'));
  const sections = t(`${of}.sections`, { returnObjects: true, ...support }) as Section[];
  return sections.map((section) => (
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
  ));
}
