import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../lib/ui/page-meta';
import { PolicySections } from './policy-sections';
import './info.css';

/** docs/product.md#screens static page: information collected, how it is used, cookies, and a support contact. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('info');
  return (
    <>
      <PageMeta title={t('privacy.meta.title')} description={t('privacy.meta.description')} />
      <article className="page page--narrow info-page">
        <h1>{t('privacy.title')}</h1>
        <PolicySections of="privacy" />
      </article>
    </>
  );
}
