import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/**
 * The modules whose chunks (with their static imports and CSS) make the precached shell
 * (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md), besides the entry (index.html's
 * script): the app's start and the home page (what `/` runs for its first render), the table of every other page,
 * the pages a shopper browses from it (listing, product, search: they open offline over the products saved), the cart
 * page and drawer, and the success page (an order placed offline lands there with no network), signing out and the
 * account menu. Everything else is cached when first loaded (sw.ts).
 */
const ROOTS = [
  /[\\/]src[\\/]app[\\/]start-app\.tsx$/,
  // The table of every page but home: a first visit to `/` does not load it, a shopper leaving `/` offline needs it.
  /[\\/]src[\\/]app[\\/]other-routes\.tsx$/,
  /[\\/]src[\\/]features[\\/]home[\\/]home\.page\.tsx$/,
  // The parts of the shell and of home that load once the first screen is drawn (lib/ui/late-part.tsx).
  /[\\/]src[\\/]app[\\/]shell[\\/](footer|toaster)\.tsx$/,
  /[\\/]src[\\/]features[\\/]home[\\/]components[\\/]newsletter\.tsx$/,
  // The token refresher, loaded on a first 401 (lib/http/create-http.ts): the page at hand can still refresh after a
  // release that renamed its chunk.
  /[\\/]src[\\/]lib[\\/]http[\\/]token-refresher\.ts$/,
  /[\\/]src[\\/]features[\\/]cart[\\/]cart\.page\.tsx$/,
  /[\\/]src[\\/]features[\\/]cart[\\/]components[\\/]cart-drawer\.tsx$/,
  /[\\/]src[\\/]features[\\/]checkout[\\/]success\.page\.tsx$/,
  /[\\/]src[\\/]features[\\/]listing[\\/]listing\.page\.tsx$/,
  /[\\/]src[\\/]features[\\/]product[\\/]product\.page\.tsx$/,
  /[\\/]src[\\/]features[\\/]search[\\/]search\.page\.tsx$/,
  // Signing out works offline (docs/product.md#states), on a device that never signed out before.
  /[\\/]src[\\/]features[\\/]account[\\/]hooks[\\/]log-out\.ts$/,
  // The wide header's account menu, loaded once someone is signed in (not on a signed-out first visit): a device that
  // took a new build and went offline before drawing it still opens it.
  /[\\/]src[\\/]features[\\/]account[\\/]components[\\/]account-menu\.tsx$/,
];
/**
 * Not followed: the storage chunk (Dexie, with the one rule against stale reloads) and TanStack Query's (the one client
 * every server read goes through, docs/architecture.md#server-reads-pwasrclibquery). Every visit loads both right after
 * its first render (the home rows are read through the client and saved for offline use), so they are cached then, like
 * every page seen; in the precache they were 31 and 10 KB gzip.
 */
const SEEN_ANYWAY = /[\\/]src[\\/]lib[\\/](storage[\\/]db|query[\\/]query-client)\.ts$|[\\/]node_modules[\\/]@tanstack[\\/]query-core[\\/]/;
/** Files outside assets/ that are precached: the page every route answers with, and the icons it draws. */
const OTHER_FILES = /^(index\.html|favicon\.svg|placeholder\.svg|manifest\.webmanifest)$/;

/**
 * Computes the shell from the bundle (each root's chunk, its static imports, recursively, and their CSS) and gives
 * vite-plugin-pwa a manifest transform that keeps only those files in the precache. Dynamic imports are not
 * followed: they are other pages and features, cached by sw.ts when first loaded.
 */
export function shopperShell(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let shell: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'haat:shopper-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName) || chunk.moduleIds.some((id) => SEEN_ANYWAY.test(id))) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      // A root's chunk is the one holding it: its own, or a chunk it shares with the modules that import it statically
      // (the account menu, which the dashboard frame also draws).
      const holds = (c: (typeof bundle)[string], r: RegExp) => c.type === 'chunk' && c.moduleIds.some((id) => r.test(id));
      const roots = Object.values(bundle).filter((c) => ROOTS.some((r) => holds(c, r)));
      const missing = ROOTS.filter((r) => !roots.some((c) => holds(c, r)));
      if (missing.length) this.error(`shopper shell: no chunk for ${missing.join(', ')} (pwa/build/shopper-shell.ts ROOTS)`);
      for (const root of roots) visit(root.fileName);
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      shell = files;
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    if (!shell) throw new Error('shopper shell: the app bundle was not generated before the service worker');
    const keep = shell;
    return Promise.resolve({ manifest: entries.filter((e) => keep.has(e.url) || OTHER_FILES.test(e.url)), warnings: [] });
  };
  return { plugin, manifestTransform };
}
