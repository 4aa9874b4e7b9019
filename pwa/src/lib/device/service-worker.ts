import { atom, getDefaultStore } from 'jotai';
import type { Workbox } from 'workbox-window';

/** True when a new service worker is installed and waiting: the shell shows "Update available — Reload". */
export const updateWaitingAtom = atom(false);

const store = getDefaultStore();
let wb: Workbox | null = null;

/**
 * Registers /sw.js once the page has loaded and the browser is idle, and watches for a waiting worker.
 * A first install precaches the whole shell (about a hundred files); doing that while the first page
 * is still rendering competes with it for a phone's few cores. workbox-window is imported lazily too.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => store.set(updateWaitingAtom, true));
    await wb.register();
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void start(), { timeout: 4000 }) : setTimeout(() => void start(), 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Asks the waiting worker to take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!wb) return location.reload();
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}
