import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n/i18n';
import { POPULAR_SEARCHES } from '@haat/shared/search/popular-searches';
import { clearRecentSearches, recentSearchesAtom, rememberSearch } from '../../../lib/device/recent-searches';

const searchUrl = (term: string) => `/search?q=${encodeURIComponent(term)}`;

/** Tappable searches, each kept among the recent ones; a popular one named in the shopper's language searches the catalogue's words. */
export function Terms({ terms, icon }: { terms: readonly string[]; icon: 'recent' | 'popular' }) {
  const { t } = useTranslation('search');
  return (
    <ul className="search-start__terms">
      {terms.map((term) => (
        <li key={term}>
          <Link to={searchUrl(term)} className="search-start__term" onClick={() => rememberSearch(term)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              {icon === 'recent' ? (
                <>
                  <circle cx="12" cy="12" r="8" />
                  <path d="M12 8v4l3 2" />
                </>
              ) : (
                <path d="M4 16l5-5 4 4 7-7M15 8h5v5" />
              )}
            </svg>
            {icon === 'popular' ? t(`popularTerm.${term}`, { defaultValue: term }) : term}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /search with nothing typed (docs/product.md#screens): recent and popular searches (docs/decisions/0227-the-empty-search-screen.md). */
export function SearchStart() {
  const { t } = useTranslation('search');
  const stored = useAtomValue(recentSearchesAtom);
  const recent = Array.isArray(stored) ? stored.filter((term) => typeof term === 'string') : [];
  return (
    <div className="search-start" data-testid="search-start">
      {recent.length > 0 && (
        <section className="search-start__group" aria-labelledby="search-start-recent">
          <div className="search-start__head">
            <h2 id="search-start-recent">{t('start.recent')}</h2>
            <button type="button" className="search-start__clear" onClick={clearRecentSearches} aria-label={t('start.clearLabel')}>
              {t('start.clear')}
            </button>
          </div>
          <Terms terms={recent} icon="recent" />
        </section>
      )}
      <section className="search-start__group" aria-labelledby="search-start-popular">
        <div className="search-start__head">
          <h2 id="search-start-popular">{t('start.popular')}</h2>
        </div>
        <Terms terms={POPULAR_SEARCHES} icon="popular" />
      </section>
    </div>
  );
}
