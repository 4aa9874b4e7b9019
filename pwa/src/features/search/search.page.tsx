import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { ProductResults } from '../catalog/public';
import { useDebounced } from '../../lib/hooks/use-debounced';
import { useInfiniteScroll } from '../../lib/hooks/use-infinite-scroll';
import { PageMeta } from '../../lib/ui/page-meta';
import { NoData } from './components/no-data';
import { SearchCorrection } from './components/search-correction';
import { QueryChips } from './components/query-chips';
import { SearchStart } from './components/search-start';
import { rememberSearch } from '../../lib/device/recent-searches';
import { useSearchResults } from './hooks/use-search-results';
import './search.css';
import { useTranslation } from '../../i18n/i18n';

/** docs/product.md#screens /search?q=: the results with infinite scroll; with nothing typed, recent and popular searches. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const term = useSearchParams()[0].get('q') ?? '';
  // Each keystroke moves the URL; the server is asked once typing pauses.
  const settled = useDebounced(term, 250);
  const results = useSearchResults(settled);
  const { products, total, hasMore, loadingMore, loadMore, error, corrected, understood } = results;
  const sentinel = useInfiniteScroll(loadMore, hasMore, loadingMore);

  if (term.trim() === '') {
    return (
      <>
        <PageMeta title={t('start.title')} description={t('start.description')} canonicalPath="/search" />
        <section className="page search-page">
          <h1 className="visually-hidden">{t('start.title')}</h1>
          <SearchStart />
        </section>
      </>
    );
  }

  return (
    <>
      <PageMeta title={t('title', { term })} description={t('description', { term })} canonicalPath="/search" />
      {/* Opening a result keeps the search among the recent ones. */}
      <section className="page search-page" onClickCapture={(e) => (e.target as Element).closest('a') && rememberSearch(settled)}>
        {/* Focus lands here when the last chip is removed (components/query-chips.tsx). */}
        <h1 className="search-page__count" tabIndex={-1}>
          {t('count', { count: products && !error ? total : 0 })}
        </h1>
        {!error && total > 0 && <SearchCorrection corrected={corrected} />}
        {!error && <QueryChips term={settled} understood={understood} />}
        <ProductResults
          results={results}
          texts={{ offline: t('offline'), unreachable: t('unreachable'), failed: t('failed') }}
          fallbackTestId="offline-results"
          skeletons={LIMITS.searchSkeletons}
          empty={<NoData term={settled} understood={understood} />}
        />
        <div ref={sentinel} className="search-page__sentinel" aria-hidden="true" />
      </section>
    </>
  );
}
