import { useEffect, type RefObject } from 'react';

/** One step of a text animation: wait `delay` ms, then show `next`. */
export interface TextStep<S> {
  next: S;
  delay: number;
}

/** Plays a text animation by writing the element's text, not React state (which would restart bigger renders in progress). */
export function useTextAnimation<S>(
  ref: RefObject<HTMLElement | null>,
  start: S,
  step: (state: S) => TextStep<S>,
  text: (state: S) => string,
  restartKey?: unknown,
): void {
  useEffect(() => {
    // Shoppers who ask for less motion get the first frame, still (WCAG 2.2.2: no endless animation).
    if (prefersReducedMotion()) return;
    let state = start;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const { next, delay } = step(state);
      timer = setTimeout(() => {
        state = next;
        if (ref.current) ref.current.textContent = text(state);
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
    // The animation is defined once per restartKey; its callbacks are pure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restartKey]);
}

/** The shopper asked the system for less motion: no self-running animations (WCAG 2.2.2). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
