/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from './lib/storage/outbox-ops';
import { CACHE_SEEN_MESSAGE, CLAIM_MESSAGE } from './lib/device/cache-seen';
import type { OrderPush } from '@haat/shared/orders/order-events';

declare const self: ServiceWorkerGlobalScope;

// The API and the realtime socket go straight to the network without waking this worker (Chromium's static routes;
// a browser without them sends those requests to the fetch handler, which leaves them alone too). A worker woken only
// to pass a request on costs the request its start-up, and keeps a replaced worker alive so the new one waits
// (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md).
type StaticRoute = { condition: { urlPattern: { pathname: string } }; source: 'network' };
self.addEventListener('install', (event) => {
  const routes: StaticRoute[] = ['/api/*', '/socket.io/*'].map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'network' }));
  const install = event as ExtendableEvent & { addRoutes?: (rules: StaticRoute[]) => Promise<void> };
  if (install.addRoutes) event.waitUntil(install.addRoutes(routes).catch(() => undefined));
});

// Precached at install: the shopper's shell (build/shopper-shell.ts; docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page route answers the precached index.html; the PWA renders it from IndexedDB when offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/uploads\//] }));

/** Immutable files, cache-first, bounded in number and to 30 days (old builds' files expire). */
const cacheFirst = (cacheName: string, statuses: number[], maxEntries: number) =>
  new CacheFirst({
    cacheName,
    plugins: [new CacheableResponsePlugin({ statuses }), new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  });

// Code and styles not precached, cached when first loaded so a page seen online opens offline (hashed names never go stale).
const isCode = (url: URL) => url.origin === self.location.origin && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname);
const code = cacheFirst('haat-code', [200], 120);
registerRoute(({ url, request }) => isCode(url) && request.method === 'GET', code);

// Product and category pictures and the home banners: immutable WebP files.
const isPicture = (url: URL) => url.origin === self.location.origin && (url.pathname.startsWith('/uploads/') || url.pathname.startsWith('/banners/'));
const pictures = cacheFirst('haat-images', [0, 200], 600);
registerRoute(({ url, request }) => isPicture(url) && request.method === 'GET', pictures);

// What the page loaded before this worker controlled it, cached from the browser's HTTP cache (lib/device/service-worker.ts).
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== CACHE_SEEN_MESSAGE || !Array.isArray(data.urls)) return;
  const jobs = data.urls
    .filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u, self.location.origin))
    .filter((url) => getCacheKeyForURL(url.href) === undefined)
    .flatMap((url) => {
      const strategy = isCode(url) ? code : isPicture(url) ? pictures : null;
      return strategy ? [strategy.handle({ event, request: url.href }).catch(() => undefined)] : [];
    });
  event.waitUntil(Promise.all(jobs));
});

// A new worker waits until the shopper presses Reload on the "Update available" toast (lib/service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The very first worker takes control of the open page at once, so it is offline-ready without a reload; a page that
// was still loading then asks for it (lib/device/register-worker.ts).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim().catch(() => undefined));
});

// ---- Outbox Background Sync (offline cart and orders) -------------------------------------
// The browser fires `sync` when the connection returns; the worker cannot send the writes (the tokens are the page's),
// so it asks the open pages to flush (lib/storage/outbox-sync.ts) and fails, to be retried, while writes remain.
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
  const sync = event as ExtendableEvent & { readonly tag: string };
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
      // One notice per order on screen (a later stage replaces the earlier); any other by its queue key, so a repeat shows once.
      tag: notice.orderId ? `order-${notice.orderId}` : notice.tag,
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
