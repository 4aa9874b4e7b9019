import { atom, getDefaultStore } from 'jotai';
import { afterPageSettled } from './after-page-settled';

/** True when a new service worker is installed and waiting: the shell shows "Update available — Reload" (app/shell/shell-notices.tsx). */
export const updateWaitingAtom = atom(false);

const store = getDefaultStore();

/** Registers /sw.js once the page has settled (after-page-settled.ts), and watches for a waiting worker. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // The registration itself, with workbox-window, loads then (register-worker.ts).
  const start = async () => {
    const { registerWorker } = await import('./register-worker');
    registerWorker(() => store.set(updateWaitingAtom, true));
  };
  // A first visit installs the worker (its precache) only after its first screen has settled (after-page-settled.ts).
  if (!navigator.serviceWorker.controller) return afterPageSettled(() => void start());
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void start(), { timeout: 4000 }) : setTimeout(() => void start(), 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
