import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it (a frame, then a task): a page renders what is
 * below the fold after its first screen, as a transition, so the first screen's commit is not one long task with
 * everything under it (docs/decisions/0171-the-product-page-renders-below-the-fold-after-its-first-screen.md).
 */
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
