import { useEffect, useRef } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { throttle } from './throttle';

/** True once the shopper has scrolled through `threshold` of the document (docs/product.md#rules-and-limits default 0.8). */
export function scrolledPast(threshold: number, scrollTop: number, viewport: number, scrollHeight: number): boolean {
  return scrollHeight <= 0 || (scrollTop + viewport) / scrollHeight >= threshold;
}

/** docs/product.md#states infinite scroll, throttled; the returned sentinel's observer covers pages too short to scroll. */
export function useInfiniteScroll(loadMore: () => void, hasMore: boolean, busy: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef({ loadMore, hasMore, busy });
  latest.current = { loadMore, hasMore, busy };

  useEffect(() => {
    const check = throttle(() => {
      const { hasMore: more, busy: loading, loadMore: load } = latest.current;
      const doc = document.documentElement;
      if (more && !loading && scrolledPast(LIMITS.infiniteScrollThreshold, window.scrollY, window.innerHeight, doc.scrollHeight)) load();
    }, LIMITS.infiniteScrollThrottleMs);
    window.addEventListener('scroll', check, { passive: true });
    const observer = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && check());
    if (sentinel.current) observer?.observe(sentinel.current);
    return () => {
      window.removeEventListener('scroll', check);
      observer?.disconnect();
      check.cancel();
    };
  }, []);

  // A page that arrived without filling the screen: look again once loading settles.
  useEffect(() => {
    if (hasMore && !busy && sentinel.current && sentinel.current.getBoundingClientRect().top < window.innerHeight) loadMore();
  }, [hasMore, busy, loadMore]);

  return sentinel;
}
