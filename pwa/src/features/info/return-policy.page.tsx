import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../lib/ui/page-meta';
import { PolicySections } from './policy-sections';
import './info.css';

/** docs/product.md#screens static page and #rules-and-limits: 7-day return window, refund in 5-7 business days. */
export function ReturnPolicyPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <PageMeta title={t('returns.meta.title')} description={t('returns.meta.description')} />
      <article className="page page--narrow info-page">
        <h1>{t('returns.title')}</h1>
        <PolicySections of="returns" />
      </article>
    </>
  );
}
