import type { ManifestOptions } from 'vite-plugin-pwa';

/** The install card and home-screen identity; vite-plugin-pwa writes it as manifest.webmanifest. */
export const THEME_COLOR = '#0b6e35';

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Haat',
  short_name: 'Haat',
  description: 'Haat: books, earbuds, toys, clothing, watches and snacks delivered fast, priced in ₹. Works offline.',
  lang: 'en-IN',
  theme_color: THEME_COLOR,
  background_color: '#ffffff',
  display: 'standalone',
  orientation: 'any',
  start_url: '/?source=pwa',
  scope: '/',
  categories: ['shopping'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Haat home on a desktop' },
    { src: '/screenshots/home-narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'Haat home on a phone' },
  ],
  shortcuts: [
    { name: 'Search', short_name: 'Search', url: '/search?q=', icons: [{ src: '/icons/shortcut-search.png', sizes: '96x96', type: 'image/png' }] },
    { name: 'Cart', short_name: 'Cart', url: '/cart', icons: [{ src: '/icons/shortcut-cart.png', sizes: '96x96', type: 'image/png' }] },
    { name: 'My Orders', short_name: 'Orders', url: '/my-orders', icons: [{ src: '/icons/shortcut-orders.png', sizes: '96x96', type: 'image/png' }] },
  ],
};
