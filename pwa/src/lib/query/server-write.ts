import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { MutateOptions, MutationObserver, MutationObserverResult, UseMutationOptions } from '@tanstack/react-query';
import { currentLayer, onLayer } from './early-reads';
import { loadQueryLayer } from './server-query';

/** A write no one has asked for yet, as the library describes it. */
const IDLE = { status: 'idle', isIdle: true, isPending: false, isError: false, isSuccess: false, error: null, data: undefined } as MutationObserverResult<
  never,
  Error,
  never
>;

/**
 * TanStack Query's `useMutation` on the one client (lib/query/query-client.ts), for every online write of the PWA
 * (docs/architecture.md#online-writes-pwasrclibquery): give it a feature's `mutationOptions` (its api file), whose
 * `onSuccess` and `onError` say what the shopper is told and which reads are asked again; `isPending` is the control's
 * busy state. The same observer useMutation keeps, made from the library once it has loaded: a screen on the first visit's
 * path loads it at its first write, not with its first paint (as useServerQuery does for reads). Writes kept on the device
 * (the cart, the wishlist, Notify me, cash-on-delivery orders) go through the outbox instead.
 */
export function useServerWrite<D, V = void>(options: UseMutationOptions<D, Error, V>) {
  const latest = useRef(options);
  latest.current = options;
  const made = useRef<MutationObserver<D, Error, V> | undefined>(undefined);
  const observerOf = useCallback((loaded = currentLayer()) => (made.current ??= loaded?.observeWrite(latest.current)), []);
  const [observer, setObserver] = useState(() => observerOf());
  // Before its library has loaded, a write asked for is pending while the library loads.
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!observer) return onLayer((loaded) => setObserver(observerOf(loaded)));
  }, [observer, observerOf]);
  useEffect(() => {
    observer?.setOptions(options);
  }, [observer, options]);
  const subscribe = useCallback((changed: () => void) => observer?.subscribe(() => changed()) ?? (() => {}), [observer]);
  const result = useSyncExternalStore(subscribe, () => observer?.getCurrentResult() ?? IDLE);
  const mutate = useCallback(
    (variables: V, callbacks?: MutateOptions<D, Error, V>) => {
      if (observer) return void observer.mutate(variables, callbacks).catch(() => undefined);
      setLoading(true);
      loadQueryLayer().then(
        (loaded) => {
          const now = observerOf(loaded)!;
          setObserver(now);
          setLoading(false);
          void now.mutate(variables, callbacks).catch(() => undefined);
        },
        // Offline with the library never loaded: the write fails as an unreachable server's would.
        (error: Error) => {
          setLoading(false);
          void latest.current.onError?.(error, variables, undefined, undefined as never);
          void callbacks?.onError?.(error, variables, undefined, undefined as never);
        },
      );
    },
    [observer, observerOf],
  );
  return { ...result, isPending: result.isPending || loading, mutate, reset: () => observer?.reset() };
}
