import { lazy, type ComponentType } from 'react';

export type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * Route-level code splitting: each page is its own chunk, loaded when first visited. `preload` fetches
 * it ahead (start-app does so for the first page before React starts); once loaded, the lazy component
 * resolves synchronously, so React renders the page in its first commit instead of a loading fallback.
 */
export const page = <M extends Record<K, ComponentType>, K extends string>(load: () => Promise<M>, name: K): Page => {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((m) => (loaded = m[name]));
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType }>)
      : preload().then((c) => ({ default: c })),
  );
  return Object.assign(Lazy, { preload });
};
