import { useTranslation } from 'react-i18next';
/** docs/product.md#screens and #errors search empty state: a picture and "No Data found". */
export function NoData() {
  const { t } = useTranslation('search');
  return (
    <div className="state-box no-data">
      <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="52" cy="52" r="34" fill="#ecfdf3" stroke="#0b6e35" strokeWidth="6" />
        <path d="M78 78l26 26" stroke="#0b6e35" strokeWidth="8" strokeLinecap="round" />
        <path d="M40 44h24M40 58h16" stroke="#9bb8a5" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <p>{t('noData')}</p>
    </div>
  );
}
