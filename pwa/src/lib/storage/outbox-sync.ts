import { db } from './db';
import { createOutbox } from './outbox';
import { hasSession } from '../http/session';
import { FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from './outbox-ops';

/** Ask the browser to wake the service worker when the connection is back (Chromium has it). */
function requestBackgroundSync(): void {
  navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined); // no service worker or no permission: the `online` event still flushes
}

/**
 * Online and signed in: whether sending can work, asked before each send and after a flush's last await. A flush can
 * end after its page is gone (a test environment torn down: no navigator, or a closed window whose localStorage throws,
 * as it does in a browser that refuses storage); then nothing is sent or planned, and nothing is thrown at a caller
 * that started the flush and went on (`void flushOutbox()`).
 */
function canSend(): boolean {
  try {
    return Boolean(globalThis.navigator?.onLine) && hasSession();
  } catch {
    return false;
  }
}

/** The app's outbox: the shopper's cart changes and queued orders, sent only online and signed in. */
export const outbox = createOutbox(db.outbox, { canSend, onEnqueued: requestBackgroundSync });

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Flush now; if something is still waiting (a 5xx, a flaky link), try again with a growing pause. */
export async function flushOutbox(): Promise<number> {
  clearTimeout(retryTimer);
  await outbox.flush().catch(() => undefined);
  const waiting = await db.outbox.filter((e) => !e.failed).toArray();
  if (waiting.length > 0 && canSend()) {
    const attempts = Math.max(...waiting.map((e) => e.attempts));
    retryTimer = setTimeout(() => void flushOutbox(), Math.min(60_000, 1000 * 2 ** Math.min(attempts, 6)));
  }
  return waiting.length;
}

/** Flushes on start, online, and the worker's Background Sync (docs/architecture.md "The PWA's data layer"), which wakes the page. */
export function startOutboxSync(): () => void {
  const onOnline = () => void flushOutbox();
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== FLUSH_MESSAGE) return;
    void flushOutbox().then((remaining) => event.ports[0]?.postMessage({ remaining }));
  };
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  void flushOutbox();
  return () => {
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    clearTimeout(retryTimer);
  };
}
