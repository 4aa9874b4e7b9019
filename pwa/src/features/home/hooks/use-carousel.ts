import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../../lib/hooks/use-text-animation';

/** docs/product.md#rules-and-limits carousel: paused while hidden, never automatic under reduced motion. */
export function useCarousel(count: number, intervalMs: number): [number, (index: number) => void] {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % count);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, index]);
  return [index, setIndex];
}
