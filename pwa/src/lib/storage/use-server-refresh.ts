import { classifyLoadFailure, type LoadFailure } from '../http/load-failure';
import { queryKeys } from '../query/query-keys';
import { useServerQuery } from '../query/server-query';

export interface ServerRefresh<T> {
  /** The server's answer for this key, once it came (before the device's store may have it: a first visit shows it at once). */
  answer: T | undefined;
  /** Why the last refresh for this key failed, or null. Only `network` may be told as "offline". */
  failure: LoadFailure | null;
  /** True until the first refresh for this key answered or failed. */
  refreshing: boolean;
  retry: () => void;
}

/**
 * The one way a screen refreshes device data when it opens (docs/architecture.md "The PWA's data layer"): `refresh`
 * stores the server's answer through the one rule and the screen reads the rows live (useDeviceQuery). A read of the one
 * TanStack Query client under `queryKeys.device(key)`: asked when the key is first shown (null: not yet), again when the
 * device comes back online, on retry() and on `invalidate`; two screens asking the same key share one request, and a
 * refresh no screen needs any more is aborted. A key names its collection and row (`reviews:<id>`, not `<id>`): two
 * collections under one key would share one refresh.
 */
export function useServerRefresh<T>(key: string | null, refresh: (signal: AbortSignal) => Promise<T>): ServerRefresh<T> {
  const read = useServerQuery({
    queryKey: queryKeys.device(key ?? ''),
    // Boxed: a refresh that only stores rows answers nothing, which the library would take for a failure.
    queryFn: async ({ signal }): Promise<[T]> => [await refresh(signal)],
    enabled: key !== null,
  });
  // A failure is told until the refresh is asked again (Try again, back online), then the screen is refreshing again.
  const failure = read.isError && !read.isFetching ? classifyLoadFailure(read.error) : null;
  return { answer: read.data?.[0], failure, refreshing: key !== null && !read.data && !failure, retry: read.retry };
}
