import { atom, getDefaultStore } from 'jotai';
import type { Workbox } from 'workbox-window';
import { CACHE_SEEN_MESSAGE, seenUrls } from './cache-seen';
import { afterPageSettled } from './after-page-settled';

/** True when a new service worker is installed and waiting: the shell shows "Update available — Reload". */
export const updateWaitingAtom = atom(false);

const store = getDefaultStore();
let wb: Workbox | null = null;

/** Registers /sw.js once the page has settled (after-page-settled.ts), and watches for a waiting worker. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => store.set(updateWaitingAtom, true));
    // A first visit: once the worker controls the page, it caches what the page loaded before (sw.ts).
    if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', sendSeen, { once: true });
    await wb.register();
  };
  // A first visit installs the worker (its precache) only after its first screen has settled (after-page-settled.ts).
  if (!navigator.serviceWorker.controller) return afterPageSettled(() => void start());
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void start(), { timeout: 4000 }) : setTimeout(() => void start(), 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Sends the worker that now controls the page what it loaded before (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md). */
function sendSeen(): void {
  const names = performance.getEntriesByType('resource').map((entry) => entry.name);
  navigator.serviceWorker.controller?.postMessage({ type: CACHE_SEEN_MESSAGE, urls: seenUrls(names, location.origin) });
}

/** Asks the waiting worker to take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!wb) return location.reload();
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}
