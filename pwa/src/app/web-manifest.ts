import type { ManifestOptions } from 'vite-plugin-pwa';
import english from '../i18n/en-IN/manifest.json';
import hindi from '../i18n/hi-IN/manifest.json';

type ManifestTexts = typeof english;

/** The install card and home-screen identity in one language (docs/decisions/0100-the-pwas-texts.md); names stay Haat, as the brand. */
export const manifestFor = (texts: ManifestTexts, lang: string): Partial<ManifestOptions> => ({
  id: '/',
  name: 'Haat',
  short_name: 'Haat',
  description: texts.description,
  lang,
  theme_color: '#0b6e35',
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
    { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: texts.screenshots.wide },
    { src: '/screenshots/home-narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: texts.screenshots.narrow },
  ],
  shortcuts: [
    { ...texts.shortcuts.search, url: '/search?q=', icons: [{ src: '/icons/shortcut-search.png', sizes: '96x96', type: 'image/png' }] },
    { ...texts.shortcuts.cart, url: '/cart', icons: [{ src: '/icons/shortcut-cart.png', sizes: '96x96', type: 'image/png' }] },
    { ...texts.shortcuts.orders, url: '/my-orders', icons: [{ src: '/icons/shortcut-orders.png', sizes: '96x96', type: 'image/png' }] },
  ],
});

export const webManifest = manifestFor(english, 'en-IN');
export const hindiManifest = manifestFor(hindi, 'hi-IN');
