/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/app/web-manifest';
import { ionicPureAnnotations } from './build/ionic-pure-annotations';
import { precompress } from './build/precompress';
import { appScriptPriority } from './build/app-script-priority';

const shared = fileURLToPath(new URL('../shared/src', import.meta.url));
const usesZod = (id: string) => /from 'zod'/.test(readFileSync(id.split('?')[0]!, 'utf8'));
// The API (npm run dev starts it) serves /api, /uploads and socket.io; Vite proxies them to keep one origin.
const api = process.env.HAAT_API ?? 'http://localhost:3000';

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
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png'],
      // The admin overview's chart library (uPlot) is left out of the precache: every installed shop
      // would otherwise download it at install, shoppers included. The admin's browser fetches it on
      // opening /dashboard.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'], globIgnores: ['screenshots/**', 'assets/overview-chart-*'] },
      devOptions: { enabled: false },
    }),
    appScriptPriority(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: !!process.env.SOURCEMAP,
    reportCompressedSize: false,
    rolldownOptions: {
      // A feature's public.ts only re-exports: what another feature does not use of it stays out of its chunks.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules\/@ionic\//.test(id) && !/[\\/]features[\\/][^\\/]+[\\/]public\.ts$/.test(id) },
      // Every page needs these: one request each instead of a dozen small shared chunks (on a phone
      // over HTTP/1.1 each extra request waits for one of six connections).
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper: the entry needs it for the app's dynamic import, the vendor chunk for
            // Ionic's lazy components; on its own, the entry does not pull the vendor chunk in before the
            // first picture has painted (main.tsx).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            {
              name: 'vendor',
              // Code only: Ionic's core.css is imported by the entry (main.tsx), which must not import the vendor chunk.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run|@ionic[\\/]react|@ionic[\\/]react-router|@stencil|jotai|ky|dexie|dexie-react-hooks)[\\/].*(?<!\.css)$/,
              priority: 2,
            },
            // lib and the shared rules, but nothing built on zod (only the sign-in and address forms need it).
            {
              name: 'app',
              test: (id: string) => /[\\/]pwa[\\/]src[\\/]lib[\\/]/.test(id) || (/[\\/]shared[\\/]src[\\/]/.test(id) && !usesZod(id)),
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
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
