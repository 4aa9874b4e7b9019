/** What the page loaded before its worker took control, for the worker to cache (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md). */
export const CACHE_SEEN_MESSAGE = 'CACHE_SEEN';

/** Same-origin code, styles and banners among the URLs the page has loaded (Resource Timing names). */
export function seenUrls(names: readonly string[], origin: string): string[] {
  return names.filter((name) => {
    const url = new URL(name, origin);
    return url.origin === origin && (/^\/assets\/[^/]+\.(js|css)$/.test(url.pathname) || /^\/banners\/[^/]+\.webp$/.test(url.pathname));
  });
}
