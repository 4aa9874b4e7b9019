/** How long after the page has loaded and gone idle a first visit waits for a reason to go on. */
export const SETTLE_MS = 5000;
const NEEDS = ['pointerdown', 'keydown', 'pagehide'] as const;

/**
 * Runs `go` once a first visit's first screen has settled, which keeps the phone to itself until then: after load and
 * idle, the first tap or key, the page hidden, or SETTLE_MS, whichever first (docs/decisions/0170-storage-waits-on-a-device-with-nothing-stored.md).
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
