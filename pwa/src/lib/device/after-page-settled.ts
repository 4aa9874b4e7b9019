/** How long after the page has loaded and gone idle a first visit waits for a reason to go on. */
export const SETTLE_MS = 5000;
const NEEDS = ['pointerdown', 'keydown', 'pagehide'] as const;

/**
 * Runs `go` once a first visit's first screen has settled, so that screen keeps the phone's connection and main
 * thread to itself (docs/decisions/0170-storage-waits-on-a-device-with-nothing-stored.md): after the page has loaded
 * and the browser is idle, at the shopper's first tap or key, when the page is hidden or left, or SETTLE_MS later,
 * whichever comes first. Storage on a device with nothing stored (lib/storage/device-store.ts) and the service worker's
 * first install (service-worker.ts) wait for it.
 */
export function afterPageSettled(go: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of NEEDS) window.removeEventListener(type, once, true);
    document.removeEventListener('visibilitychange', onHidden);
    go();
  };
  const onHidden = () => document.visibilityState === 'hidden' && once();
  for (const type of NEEDS) window.addEventListener(type, once, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onHidden);
  const wait = () => setTimeout(once, SETTLE_MS);
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(wait, { timeout: 4000 }) : wait());
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
