import { Workbox } from 'workbox-window';
import { CACHE_SEEN_MESSAGE, CLAIM_MESSAGE, seenUrls } from './cache-seen';

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
  wb.register()
    .then(async (registration) => {
      if (!registration || navigator.serviceWorker.controller) return;
      // A page that loaded while the first worker activated is not among those it claimed: it asks to be taken.
      const ready = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: CLAIM_MESSAGE });
    })
    .catch(() => undefined);
  return wb;
}

/** Sends the worker that now controls the page what it loaded before (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md). */
function sendSeen(): void {
  const names = performance.getEntriesByType('resource').map((entry) => entry.name);
  navigator.serviceWorker.controller?.postMessage({ type: CACHE_SEEN_MESSAGE, urls: seenUrls(names, location.origin) });
}
