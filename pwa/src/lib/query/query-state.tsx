import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n';
import { problemOf } from '../http/http-problem';
import { classifyLoadFailure } from '../http/load-failure';

interface Props<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What is said while the first answer is on its way (common `loading` by default). */
  loading?: string;
  /** What a failure says when the server sent no message of its own. */
  failed?: string;
}

/** The one drawing of an online read's states (docs/decisions/0245-online-reads-on-tanstack-query.md), failures with a retry. */
export function QueryState<T>({ query, children, loading, failed }: Props<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (!query.isError)
    return (
      <p className="admin-loading" role="status">
        {loading ?? t('loading')}
      </p>
    );
  const offline = classifyLoadFailure(query.error) === 'network' && !navigator.onLine;
  return (
    <div className="query-failure" role="alert">
      <p className="admin-error">{offline ? t('query:offline') : problemOf(query.error).message || failed || t('query:failed')}</p>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => void query.refetch()}>
        {t('query:retry')}
      </button>
    </div>
  );
}
