import { useCallback, useEffect, useState } from 'react';

/** A list read straight from the API on open; `reload` after every write (docs/product.md#states, "Modals"). */
export function useAdminList<T>(load: () => Promise<T[]>, onLoaded?: (items: T[]) => void | Promise<void>) {
  const [state, setState] = useState<{ items: T[]; loading: boolean }>({ items: [], loading: true });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (items) => {
        if (!live) return;
        setState({ items, loading: false });
        void onLoaded?.(items);
      },
      () => live && setState((s) => ({ ...s, loading: false })),
    );
    return () => {
      live = false;
    };
    // `load` and `onLoaded` are module functions; only an explicit reload reads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
