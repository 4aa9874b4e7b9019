/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { hindiManifest, webManifest } from './src/app/web-manifest';
import { ionicPureAnnotations } from './build/ionic-pure-annotations';
import { precompress } from './build/precompress';
import { appScriptPriority } from './build/app-script-priority';
import { minifyInlineScripts } from './build/minify-inline-scripts';
import { i18nNamespaces } from './build/i18n-namespaces';
import { shopperShell } from './build/shopper-shell';

const shared = fileURLToPath(new URL('../shared/src', import.meta.url));
const usesZod = (id: string) => /from 'zod'/.test(readFileSync(id.split('?')[0]!, 'utf8'));
// The API (npm run dev starts it) serves /api, /uploads and socket.io; Vite proxies them to keep one origin.
const api = process.env.HAAT_API ?? 'http://localhost:3000';
// The precache is the shell `/` needs for its first render, plus the cart and the success page
// (build/shopper-shell.ts; docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md). Every other
// chunk (other pages, Dexie, zod, the Hindi texts, the admin area) and the banners are cached by sw.ts when first
// loaded. scripts/first-visit-weight.mjs checks that no admin or dashboard chunk is in the precache, and the account menu's is.
/** The entry and start-app's static imports: loaded before any other chunk makes an import (build.modulePreload below). */
const LOADED_BEFORE_ANY_IMPORT = /(^|\/)(index|rolldown-runtime|vendor|app)-[\w-]+\.js$/;
const shell = shopperShell();
// A lib/ module that imports a zod-built shared module (lib/http/pincode.ts) stays out of the 'app' chunk: the
// app chunk is on the first visit's path, zod (about 24 KB gzip) is not (docs/decisions/0091-a-lighter-first-visit.md). A
// type import brings no code: the outbox's op list, which `/` loads, names the cart's request type only.
const importsZod = (id: string) =>
  usesZod(id) ||
  [...readFileSync(id.split('?')[0]!, 'utf8').matchAll(/^import (?!type\b)[^;]*from '@haat\/shared\/([^']+)'/gm)].some((m) => usesZod(`${shared}/${m[1]}.ts`));

// A lib/ module that imports Dexie or the database (lib/storage/db.ts) stays out of the 'app' chunk too: Dexie loads
// when storage is first needed (lib/storage/storage.ts, docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
const importsDexie = (id: string) => /^import (?!type\b)[^;]*from '(dexie|\.\/db|[./]+\/storage\/db)';/m.test(readFileSync(id.split('?')[0]!, 'utf8'));

// lib/, i18n/ and shared modules that `/` does not use, kept out of the 'app' chunk (which every first visit loads) so
// they go with the pages that do: the form messages with their texts, the checkout's reactions to error codes and the
// list of codes itself, the dialogs, a file's download, infinite scroll, the product page's after-paint hook, the not-found page, the
// online-read layer (lib/query, TanStack Query, with the admin's query keys), the counter's hand-over (lib/pickup), the outbox and what writes the signed-in shopper's stores (with ulid:
// they load once storage is open), Buy again's reads (its row loads after the first screen), the listing's and search's early requests, and the shared rules of addresses,
// pincodes and coupons, the query understanding (the search results and the offline search; its word table alone is
// about 4 KB gzip), a variant's selling unit (Buy again's), the shop's time of day in words (the delivery promise's due time), the spaced mobile numbers, the GSTIN rule, the GST rates by date (the admin's product form) and who can be told by which channel (account, orders
// and admin screens), the delivery promise (asked by the product page, cart, checkout and orders), what a finished sign-in reads of /login's state, the token refresher (loaded on a first 401), the service worker's registration (loaded once
// the page has settled) and what applies an update (with the shell's notices, app/shell/shell-notices.tsx) (docs/decisions/0091-a-lighter-first-visit.md).
const NOT_ON_HOME =
  /[\\/](i18n[\\/](validation|format-shop-time)|lib[\\/]http[\\/](login-return|problem-reaction|pincode|early-request|token-refresher|field-refusal)|lib[\\/]device[\\/](register-worker|cache-seen|apply-update)|lib[\\/]storage[\\/](outbox|stamp-writes|user-data|order-store|buy-again)|lib[\\/]ui[\\/](modal-dialog|confirm-dialog|not-found|lazy-part|form-refusal|save-file)|lib[\\/]hooks[\\/](use-idle-once|use-infinite-scroll|throttle|use-after-paint|use-debounced)|lib[\\/]query[\\/](query-client|query-state|admin-keys)|lib[\\/]delivery[\\/](delivery-promise|promise-part|promise-api|card-promise|header-promise|place-words|arrival-line)|lib[\\/]pickup[\\/][\w.-]+|shared[\\/]src[\\/](common[\\/](error-code|message-template|shop-time)|catalog[\\/]selling-unit|addresses[\\/](same-state|pincode)|promotions[\\/][\w.-]+|search[\\/][\w.-]+|users[\\/]mobile-words|invoices[\\/]gstin|notices[\\/]notice-channels|gst[\\/]gst-rates))\.tsx?$/;

// The modules of the 'product-cards' chunk (below): exactly what `/` draws of the catalogue, cart and account
// features besides the home page itself, and the catalogue's English texts.
const PRODUCT_CARDS =
  /[\\/]features[\\/](catalog[\\/](api|components[\\/](product-card|rating-ring|wishlist-heart|add-to-cart-slot|discount-badge|price-tag|stock-label|product-image|skeleton-card)|hooks[\\/](use-cached-products|use-catalog-tree|refresh-catalog-tree))|cart[\\/](components[\\/](add-to-cart-button|cart-stepper)|hooks[\\/]use-cart-actions)|account[\\/](hooks[\\/]use-wishlist-toggle|load-notify-me-button))\.tsx?$|haat-texts[\\/]catalog$|[\\/]en-IN[\\/]catalog\.json$/;

// The modules of the 'late-parts' chunk (below): the footer (with its texts), the toaster, the newsletter, home's place
// for Buy again and its back-to-top button, which `/` loads once the shopper scrolls or the first screen has settled
// (lib/ui/late-part.tsx), and what of lib/ and the shared rules only they use on `/`: the public config the footer reads
// (with the shop, the return window and the hold limits it defaults to, and TanStack Query's `queryOptions` its read is
// declared with), the keys of the shopper's reads off `/` (lib/query/screen-keys.ts: every page that makes them has
// loaded this chunk, and apart they were a chunk of their own), the language switch (with its texts), the
// shop's address, and the recent searches (the microphone's, loaded late, and an Enter's or a log-out's, loaded then).
// Every other page loads this chunk before its first render (the footer), so the pages that also use these lose nothing (docs/benchmarks.md "First visit weight").
const LATE_PARTS =
  /[\\/]src[\\/](app[\\/]shell[\\/](footer|toaster)\.tsx|features[\\/]home[\\/]components[\\/](newsletter\.tsx|buy-again-slot\.tsx|late-parts\.ts)|lib[\\/]device[\\/]recent-searches\.ts|lib[\\/]ui[\\/](back-to-top|shop-address|language-switch)\.tsx|lib[\\/]http[\\/]public-config\.ts|lib[\\/]query[\\/]screen-keys\.ts|contact[\\/]support-contact\.ts|orders[\\/](hold-limits|return-window)\.ts|addresses[\\/]address-lines\.ts)$|haat-texts[\\/](language|footer)$|[\\/]en-IN[\\/](language|footer)\.json$|[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]queryOptions\.js$/;

// The unit test files that run in a process of their own (`test.projects` below).
const inForks = [
  // A local API server naming another shop: its answer must not reach the next file's footer in a shared worker.
  'src/app/__tests__/shop-identity.test.tsx',
  'src/app/__tests__/route-error-boundary.test.tsx',
  'src/app/shell/__tests__/header-search.test.tsx',
  'src/features/listing/__tests__/listing-errors.test.tsx',
  'src/features/product/__tests__/detail-retry.test.ts',
  'src/features/product/__tests__/product-page.test.tsx',
  'src/features/product/__tests__/product-widgets.test.tsx',
  'src/lib/http/__tests__/load-failure.test.ts',
  // Needs a device with no database yet: in a shared worker, fake-indexeddb keeps the databases other files opened.
  'src/lib/storage/__tests__/storage-wanted.test.ts',
  // Answers the device's calls one by one: in a worker shared with the one-rule model, the calls it waits for never
  // came (wishlist-reload-order.test.ts shows the same there).
  'src/features/account/__tests__/notify-me-device.test.ts',
];

export default defineConfig({
  resolve: {
    // Bundle @haat/shared from its TypeScript sources (its dist is for Node).
    // Bare 'zod' → zod with its eval-based JIT off, which the CSP forbids (build/zod-jitless.ts).
    alias: [
      { find: /^@haat\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
      { find: /^zod$/, replacement: fileURLToPath(new URL('./build/zod-jitless.ts', import.meta.url)) },
    ],
    // One copy of each: Ionic's router wrapper must see the same React and router as the app.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@ionic/react', '@ionic/core'],
  },
  plugins: [
    ionicPureAnnotations(),
    shell.plugin,
    i18nNamespaces(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeManifestIcons: false,
      // What is precached: see `shell` above. The install icons and screenshots never are (the browser fetches
      // those itself; no page shows them).
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg}'], manifestTransforms: [shell.manifestTransform] },
      devOptions: { enabled: false },
    }),
    // The Hindi manifest beside manifest.webmanifest (docs/decisions/0100-the-pwas-texts.md).
    {
      name: 'hindi-manifest',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'manifest.hi-IN.webmanifest', source: JSON.stringify(hindiManifest) });
      },
    },
    appScriptPriority(),
    minifyInlineScripts(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    // The entry (with the preload helper) and the chunks start-app imports statically (the runtime, the libraries and lib/) have run before any
    // other chunk can ask for an import, so only the entry's import of start-app needs them in its preload list; every other
    // list naming them again is bytes of `/` and of the precache for nothing. A JS file left off a list still loads through
    // its importer's static import, so this can only cost a preload, never a module; stylesheets are never left off.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType, hostId }) =>
        hostType === 'js' && !/(^|\/)index-[\w-]+\.js$/.test(hostId) ? deps.filter((d) => !LOADED_BEFORE_ANY_IMPORT.test(d)) : deps,
    },
    sourcemap: !!process.env.SOURCEMAP,
    reportCompressedSize: false,
    rolldownOptions: {
      // A feature's public.ts only re-exports: what another feature does not use of it stays out of its chunks.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules\/@ionic\//.test(id) && !/[\\/]features[\\/][^\\/]+[\\/]public\.ts$/.test(id) },
      // Every page needs these: one request each instead of a dozen small shared chunks (on a phone
      // over HTTP/1.1 each extra request waits for one of six connections).
      output: {
        // Seven hash characters, not eight: each file name is written in every chunk that loads it (the preload lists)
        // and a hash does not compress (87 B gzip of `/`); 64⁷ versions of one file name tell builds apart (Rolldown
        // refuses fewer than seven).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            // No group for Vite's preload helper: the bundler keeps it in the entry, which needs it for its import of start-app,
            // and the chunks that preload import it from there (the entry has run before any of them loads). A chunk of its
            // own was one more request on every first visit, about 1.3 KB of headers on the wire for 0.7 KB of code.
            {
              name: 'vendor',
              // Code only: Ionic's core.css is imported by the entry (main.tsx), which must not import the vendor chunk.
              // Not Dexie: it loads when storage is first needed (lib/storage/storage.ts).
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run|jotai|ky)[\\/].*(?<!\.css)$/,
              priority: 2,
            },
            // Dexie with the database, and the one rule against stale reloads with the collections it copies and the
            // outbox's op list it reads: one chunk, loaded through lib/storage/device-store.ts once storage is needed or
            // wanted, never on a first visit's first screen (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
            {
              name: 'db',
              test: /node_modules[\\/]dexie[\\/]|[\\/]src[\\/]lib[\\/]storage[\\/](db|stamp-writes|server-copy|device-collections|copy-rule|outbox-ops)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // What home's product rows draw and the browsing pages share with it (the product card and its parts, the
            // add-to-cart button and stepper, the wishlist heart, the cached rows and the category tree): one chunk
            // instead of the five small ones the bundler made of them, each a request of its own on the first visit
            // and 2 KB gzip more apart than together (docs/benchmarks.md "First visit weight").
            { name: 'product-cards', test: PRODUCT_CARDS, includeDependenciesRecursively: false, priority: 1 },
            // The parts of the shell and of home drawn after the first screen (lib/ui/late-part.tsx) and what only they use
            // on `/` (LATE_PARTS above): one request and one precached file instead of several.
            { name: 'late-parts', test: LATE_PARTS, includeDependenciesRecursively: false, priority: 2 },
            // TanStack Query, one chunk that only the screens reading online load (lib/query): left to the bundler, it
            // shared a chunk with the shell's account menu and came onto the first visit. `queryOptions` and `mutationOptions`
            // (which return what they are given) stay with the modules that declare their reads and writes, so declaring one
            // loads nothing.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](?!react-query[\\/]build[\\/]modern[\\/](query|mutation)Options\.js$)/, priority: 2 },
            // socket.io-client and its parts, one chunk that only the realtime connection loads.
            {
              name: 'socket-io',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
              priority: 2,
            },
            // lib, i18n/ with the shell's English texts (every other namespace goes with the code that uses it,
            // build/i18n-namespaces.ts; Hindi is its own lazy chunk) and the shared rules, but nothing built on zod
            // (only the sign-in and address forms need it). Everything here loads on `/`, so what other pages
            // alone use goes with them (NOT_ON_HOME above; of the shared rules, the orders' rules), and what only the
            // late parts use on `/` goes with those (LATE_PARTS). docs/benchmarks.md "First visit weight" has the figure.
            {
              name: 'app',
              test: (id: string) =>
                (/[\\/]pwa[\\/]src[\\/](lib|i18n)[\\/]/.test(id) &&
                  !/[\\/](hi-IN|en-IN[\\/](?!common\.json))/.test(id) &&
                  !NOT_ON_HOME.test(id) &&
                  !LATE_PARTS.test(id) &&
                  !importsZod(id) &&
                  !importsDexie(id)) ||
                (/[\\/]shared[\\/]src[\\/]/.test(id) &&
                  !usesZod(id) &&
                  !NOT_ON_HOME.test(id) &&
                  !LATE_PARTS.test(id) &&
                  !/[\\/]shared[\\/]src[\\/]orders[\\/]/.test(id)),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api, '/socket.io': { target: api, ws: true } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // A test's own deadline, well above Testing Library's wait (src/test-setup.ts) so that a slow wait fails
    // with what it waited for, not with "Test timed out". Under a CI machine's full load (the API's tests,
    // the journeys and the lint beside these) a test that takes 0.6 s alone took more than vitest's 5 s.
    testTimeout: 60_000,
    // Most files run in vmThreads: each file still gets its own jsdom and its own modules, in a fresh VM context
    // of a long-lived worker thread, instead of a new process that loads jsdom, React and Ionic again (less than
    // half the CPU; docs/testing.md). The files in `inForks` run one process
    // each as before: they see the difference between the context's globals and Node's (fetch's network error is
    // Node's TypeError, not the context's), which changes what the code under test does.
    projects: [
      // `include` is in the projects, not above: a project's arrays add to the root's.
      { extends: true, test: { name: 'vm', pool: 'vmThreads', include: ['src/**/__tests__/**/*.test.{ts,tsx}'], exclude: inForks } },
      { extends: true, test: { name: 'forks', pool: 'forks', include: inForks } },
    ],
  },
});
