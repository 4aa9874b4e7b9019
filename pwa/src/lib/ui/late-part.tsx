import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** How long a late part waits for the browser to be idle after the first render before it loads anyway. */
const IDLE_TIMEOUT_MS = 1500;

const whenIdle = (go: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(go, 200);
  return () => clearTimeout(id);
};

/**
 * A part of the shell or of home that is not on the first screen (the footer, the toaster, the newsletter): its code
 * loads once the browser is idle after the first render, or at once when `now` says it is needed (a toast to show), and
 * `preload` loads it before a first render that draws it on screen. Until then, and if its code cannot be loaded, the
 * `placeholder` holds its place (docs/benchmarks.md "First visit weight").
 */
export function latePart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P> | undefined> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (part) => (loaded = part),
      () => {
        loading = undefined;
        return undefined;
      },
    ));
  function LatePart({ placeholder = null, now = false, ...props }: P & { placeholder?: ReactNode; now?: boolean }) {
    const [Part, setPart] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (Part) return;
      let live = true;
      const go = () => void preload().then((part) => live && part && setPart(() => part));
      if (now) go();
      const cancel = now ? () => undefined : whenIdle(go);
      return () => {
        live = false;
        cancel();
      };
    }, [Part, now]);
    return Part ? <Part {...(props as P)} /> : placeholder;
  }
  return Object.assign(LatePart, { preload });
}
