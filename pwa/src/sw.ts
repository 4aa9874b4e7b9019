/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from './lib/storage/outbox-ops';
import type { OrderPush } from '@haat/shared/orders/order-events';

declare const self: ServiceWorkerGlobalScope;

// The shopper's shell (HTML, every shopper page's JS and CSS, SVGs, banners) is precached at install: the
// shop opens with no network, on pages never visited. The admin area's chunks are not (vite.config.ts
// ADMIN_ONLY; docs/decisions/0091-a-lighter-first-visit.md): the route below keeps them once an admin opens them.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page route answers the precached index.html; the PWA renders it from IndexedDB when offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/uploads\//] }));

// Code and styles not in the precache (the admin area's chunks): cached when first loaded. Their names
// carry a content hash, so a cached file never goes stale; old builds' files expire.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname) && request.method === 'GET',
  new CacheFirst({
    cacheName: 'haat-code',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Product and category pictures: immutable WebP files, so cache-first, bounded to 600 files / 30 days.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/uploads/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'haat-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// A new worker waits until the shopper presses Reload on the "Update available" toast (lib/service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The very first worker takes control of the open page at once, so it is offline-ready without a reload.
clientsClaim();

// ---- Outbox Background Sync (offline cart and orders) -------------------------------------
// When the connection returns, the browser fires `sync` even if the page has not noticed yet. The worker
// cannot send the queued writes itself: the tokens live in the page's localStorage (docs/product.md#rules-and-limits), which a
// worker cannot read. So it asks every open page to flush (lib/outbox-sync.ts) and waits for the answer;
// if writes remain, the sync fails and the browser retries it later. With no page open, the app flushes
// on its next start.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function askPagesToFlush(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  const remaining = await Promise.all(
    pages.map(
      (page) =>
        new Promise<number>((resolve) => {
          const channel = new MessageChannel();
          const timer = setTimeout(() => resolve(0), 30_000);
          channel.port1.onmessage = (event) => {
            clearTimeout(timer);
            resolve(Number((event.data as { remaining?: number }).remaining) || 0);
          };
          page.postMessage({ type: FLUSH_MESSAGE }, [channel.port2]);
        }),
    ),
  );
  if (remaining.some((n) => n > 0)) throw new Error('Some queued writes are still waiting; retry the sync later.');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(askPagesToFlush());
});

// ---- Web Push: admins' new-order notices and shoppers' stage notices (api/src/push; payload OrderPush) --
self.addEventListener('push', (event) => {
  let notice: Partial<OrderPush> = {};
  try {
    notice = (event.data?.json() ?? {}) as Partial<OrderPush>;
  } catch {
    notice = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title ?? 'Haat', {
      body: notice.body ?? '',
      icon: '/icons/icon-192.png',
      tag: notice.orderId ? `order-${notice.orderId}` : undefined,
      data: { url: notice.url ?? '/' },
    }),
  );
});

// A click focuses an open Haat window (moving it to the notice's page) or opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === url.origin);
      if (open) {
        await open.focus();
        if (url.origin === self.location.origin) await open.navigate(url.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
