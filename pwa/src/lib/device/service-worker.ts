import { atom, getDefaultStore } from 'jotai';
import type { Workbox } from 'workbox-window';
import { afterPageSettled } from './after-page-settled';

/** True when a new service worker is installed and waiting: the shell shows "Update available — Reload". */
export const updateWaitingAtom = atom(false);

const store = getDefaultStore();
let wb: Workbox | null = null;

/** Registers /sw.js once the page has settled (after-page-settled.ts), and watches for a waiting worker. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // The registration itself, with workbox-window, loads then (register-worker.ts).
  const start = async () => {
    const { registerWorker } = await import('./register-worker');
    wb = registerWorker(() => store.set(updateWaitingAtom, true));
  };
  // A first visit installs the worker (its precache) only after its first screen has settled (after-page-settled.ts).
  if (!navigator.serviceWorker.controller) return afterPageSettled(() => void start());
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void start(), { timeout: 4000 }) : setTimeout(() => void start(), 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Asks the waiting worker to take over, then reloads once it controls the page. The worker is the registration's own
 * waiting one, read when the shopper taps, and it is asked again every few seconds until it takes over, so a message
 * lost on the way never leaves the tap without effect.
 */
export async function applyUpdate(): Promise<void> {
  const waiting = wb ? (await navigator.serviceWorker.getRegistration())?.waiting : null;
  if (!waiting) return location.reload();
  const ask = () => waiting.postMessage({ type: 'SKIP_WAITING' });
  const again = setInterval(ask, 3000);
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      clearInterval(again);
      location.reload();
    },
    { once: true },
  );
  ask();
}
