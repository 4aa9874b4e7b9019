import { startTransition, useCallback, useEffect, useState } from 'react';
import { classifyLoadFailure, type LoadFailure } from '../http/load-failure';
import { useOnline } from '../hooks/use-online';

export interface ServerRefresh<T> {
  /** The server's answer for this key, once it came (before the device's store may have it: a first visit shows it at once). */
  answer: T | undefined;
  /** Why the last refresh for this key failed, or null. Only `network` may be told as "offline". */
  failure: LoadFailure | null;
  /** True until the first refresh for this key answered or failed. */
  refreshing: boolean;
  retry: () => void;
}

interface Options {
  /** `idle`: the page draws without this data, so the refresh waits until the browser is idle (at most 3 s). */
  when?: 'now' | 'idle';
}

/** What the last run for `key` (`run`: its attempt and connection) came to. */
type Outcome<T> = { key: string; run: string; answer?: T; failure?: LoadFailure };

/**
 * The one way a screen refreshes device data when it opens (docs/architecture.md "The PWA's data layer"): `refresh`
 * stores the server's answer through the one rule and the screen reads the rows live (useDeviceQuery). It runs when
 * `key` changes (null: not yet), back online, and on retry(); a refresh the screen no longer needs is aborted.
 */
export function useServerRefresh<T>(key: string | null, refresh: (signal: AbortSignal) => Promise<T>, { when = 'now' }: Options = {}): ServerRefresh<T> {
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  // The last answer stays shown while the key is asked again (a reconnect, a retry); a failure only until then.
  const [answered, setAnswered] = useState<{ key: string; answer: T } | null>(null);
  const run = `${attempt}:${online}`;
  // The latest `refresh` runs, whatever closure the screen passed when the key changed.
  const [current] = useState(() => ({ refresh }));
  current.refresh = refresh;

  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    const ask = () =>
      current.refresh(abort.signal).then(
        (answer) => {
          if (abort.signal.aborted) return;
          startTransition(() => {
            setAnswered({ key, answer });
            setOutcome({ key, run });
          });
        },
        (error: unknown) => !abort.signal.aborted && setOutcome({ key, run, failure: classifyLoadFailure(error) }),
      );
    if (when === 'now' || typeof requestIdleCallback === 'undefined') void ask();
    else {
      const handle = requestIdleCallback(() => void ask(), { timeout: 3000 });
      abort.signal.addEventListener('abort', () => cancelIdleCallback(handle));
    }
    return () => abort.abort();
  }, [key, run, when, current]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const mine = outcome !== null && outcome.key === key && outcome.run === run ? outcome : null;
  return {
    answer: answered !== null && answered.key === key ? answered.answer : undefined,
    failure: mine?.failure ?? null,
    refreshing: key !== null && mine === null,
    retry,
  };
}
