import { useTranslation } from 'react-i18next';

/** While a page's chunk loads: holds the page's height so the footer does not jump (no layout shift). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__bar" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
