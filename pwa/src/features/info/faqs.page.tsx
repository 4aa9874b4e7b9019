import { useTranslation } from '../../i18n/i18n';
import { RichText } from './rich-text';
import { deliveryRange } from '../../lib/delivery/delivery-words';
import { zonesInWords } from '../../lib/delivery/place-words';
import { InfoPage, useSupportValues } from './info-page';

interface FaqGroup {
  topic: string;
  items: Array<{ q: string; a: string }>;
}

/** /faqs: delivery, returns, payments, cash on delivery and order tracking, each a few questions (info.json `faqs.groups`). */
export function FaqsPage() {
  const { t } = useTranslation('info');
  const support = useSupportValues(t('hours'));
  const groups = t('faqs.groups', { returnObjects: true, ...support, ...deliveryRange(), zones: zonesInWords() }) as FaqGroup[];
  return (
    <InfoPage name="faqs" className="faqs-page">
      {groups.map((group, g) => (
        <section key={group.topic} aria-labelledby={`faq-${g}`}>
          <h2 id={`faq-${g}`}>{group.topic}</h2>
          {group.items.map((item) => (
            <details key={item.q}>
              <summary>{item.q}</summary>
              <p>
                <RichText text={item.a} />
              </p>
            </details>
          ))}
        </section>
      ))}
      <p>
        <RichText text={t('faqs.stillNeedHelp')} />
      </p>
    </InfoPage>
  );
}
