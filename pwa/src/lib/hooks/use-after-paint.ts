import { startTransition, useEffect, useState } from 'react';

/** False until the first render has painted: what is below the fold renders after it (docs/decisions/0171-the-product-page-renders-below-the-fold-after-its-first-screen.md). */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
