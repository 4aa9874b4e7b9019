import { useTranslation } from '../../../i18n/i18n';
import { POPULAR_SEARCHES } from '@haat/shared/search/popular-searches';
import { Terms } from './search-start';

/** docs/product.md#screens and #errors: "No results for …", and the popular searches (docs/decisions/0227-the-empty-search-screen.md). */
export function NoData({ term }: { term: string }) {
  const { t } = useTranslation('search');
  return (
    <div className="state-box no-data">
      <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="52" cy="52" r="34" fill="#ecfdf3" stroke="#0b6e35" strokeWidth="6" />
        <path d="M78 78l26 26" stroke="#0b6e35" strokeWidth="8" strokeLinecap="round" />
        <path d="M40 44h24M40 58h16" stroke="#9bb8a5" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <p role="status">{t('noResults', { term: term.trim() })}</p>
      <p>{t('noResultsHelp')}</p>
      <Terms terms={POPULAR_SEARCHES} icon="popular" />
    </div>
  );
}
