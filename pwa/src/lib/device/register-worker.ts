import { Workbox } from 'workbox-window';
import { CACHE_SEEN_MESSAGE, seenUrls } from './cache-seen';

/**
 * Registers /sw.js and calls `onWaiting` when a new worker waits; loaded by service-worker.ts once the page has
 * settled, so none of it is on the first screen's path (docs/benchmarks.md "First visit weight").
 */
export function registerWorker(onWaiting: () => void): Workbox {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', onWaiting);
  // A first visit: once the worker controls the page, it caches what the page loaded before (sw.ts).
  if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', sendSeen, { once: true });
  // A browser that refuses service workers (a private window, a policy) answers no registration: the shop then works
  // online only, and the refusal is no error of the page's.
  wb.register().catch(() => undefined);
  return wb;
}

/** Sends the worker that now controls the page what it loaded before (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md). */
function sendSeen(): void {
  const names = performance.getEntriesByType('resource').map((entry) => entry.name);
  navigator.serviceWorker.controller?.postMessage({ type: CACHE_SEEN_MESSAGE, urls: seenUrls(names, location.origin) });
}
