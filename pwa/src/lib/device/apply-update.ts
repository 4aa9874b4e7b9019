/**
 * Asks the waiting worker to take over, then reloads once it controls the page. The worker is the registration's own
 * waiting one, read when the shopper taps, and it is asked again every few seconds until it takes over, so a message
 * lost on the way never leaves the tap without effect. Loaded with the update notice, after the first screen
 * (app/shell/shell-notices.tsx): a worker waits only once the page has registered it, after the first screen too.
 */
export async function applyUpdate(): Promise<void> {
  const waiting = (await navigator.serviceWorker?.getRegistration())?.waiting;
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
