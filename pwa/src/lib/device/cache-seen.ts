/** What the page loaded before its worker took control, for the worker to cache (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md). */
export const CACHE_SEEN_MESSAGE = 'CACHE_SEEN';

/**
 * Asks the active worker to take a page it missed: the first worker claims the open pages when it activates, but not
 * a page still loading then (a navigation begun before the worker was active), which would stay uncontrolled, and not
 * offline-ready, until the next load.
 */
export const CLAIM_MESSAGE = 'CLAIM';

/** Same-origin code, styles and banners among the URLs the page has loaded (Resource Timing names). */
export function seenUrls(names: readonly string[], origin: string): string[] {
  return names.filter((name) => {
    const url = new URL(name, origin);
    return url.origin === origin && (/^\/assets\/[^/]+\.(js|css)$/.test(url.pathname) || /^\/banners\/[^/]+\.webp$/.test(url.pathname));
  });
}
