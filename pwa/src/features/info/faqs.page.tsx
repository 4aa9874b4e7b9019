import { useTranslation } from '../../i18n/i18n';
import { PageMeta } from '../../lib/ui/page-meta';
import { RichText } from './rich-text';
import { deliveryRange, zonesInWords } from '../../lib/delivery/delivery-words';
import { useSupportValues } from './support-values';
import './info.css';

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
    <>
      <PageMeta title={t('faqs.meta.title')} description={t('faqs.meta.description')} />
      <article className="page page--narrow info-page faqs-page">
        <h1>{t('faqs.title')}</h1>
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
      </article>
    </>
  );
}
