import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { afterPageSettled } from '../device/after-page-settled';

/** Calls `go` once the shopper scrolls or the first screen has settled (after-page-settled.ts), whichever first. */
const whenWanted = (go: () => void): (() => void) => {
  let live = true;
  const once = () => {
    window.removeEventListener('scroll', once);
    if (live) go();
    live = false;
  };
  window.addEventListener('scroll', once, { passive: true });
  afterPageSettled(once);
  return () => {
    live = false;
    window.removeEventListener('scroll', once);
  };
};

/**
 * A part of the shell or of home that is not on the first screen (the footer, the toaster, the newsletter): its code
 * loads once the shopper scrolls or the first screen has settled (a first tap or key, or load, idle and 5 s), or at
 * once when `now` says it is needed (a toast to show); `preload` loads it before a first render that draws it on
 * screen. Until then, and if its code cannot be loaded, the `placeholder` holds its place (docs/benchmarks.md "First
 * visit weight").
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
      const cancel = now ? () => undefined : whenWanted(go);
      return () => {
        live = false;
        cancel();
      };
    }, [Part, now]);
    return Part ? <Part {...(props as P)} /> : placeholder;
  }
  return Object.assign(LatePart, { preload });
}
