import { useSyncExternalStore } from 'react';

const noMatch = { matches: false, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList;
// Environments without matchMedia (old browsers, jsdom) get the wide layout.
const mediaList = (query: string): MediaQueryList => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : noMatch);

/** True while the media query matches, e.g. useMediaQuery(NARROW) for the 768 px phone breakpoint. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaList(query).matches,
    () => false,
  );
}

/** docs/product.md#rules-and-limits: mobile breakpoint 768 px. */
export const NARROW = '(max-width: 767.98px)';
