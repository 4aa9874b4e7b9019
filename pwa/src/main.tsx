// The global styles are the entry's render-blocking stylesheet: the static shell paints with them.
import '@ionic/react/css/core.css';
import './app/styles/theme.css';
import './app/styles/layout.css';
import './app/styles/first-paint.css';
// The static shell draws a listing's first cards with the card's own classes (first-paint.css).
import './features/catalog/components/product-card.css';
import type { BeforeInstallPromptEvent } from './lib/device/install-prompt';
import { afterFirstPicture } from './app/after-first-picture';

// Room for every script, style and banner a first visit loads, which the worker is told of (lib/device/cache-seen.ts).
performance.setResourceTimingBufferSize?.(2000);

// Chromium may fire beforeinstallprompt before the app's code has loaded: keep it for the app.
let installEvent: BeforeInstallPromptEvent | undefined;
const keep = (event: Event) => {
  event.preventDefault();
  installEvent = event as BeforeInstallPromptEvent;
};
window.addEventListener('beforeinstallprompt', keep);

// The app's code runs once the static shell's largest picture has painted: first, it held the paint back by a second
// on a phone (docs/decisions/0054-storefront-frame-and-first-paint.md).
void afterFirstPicture()
  .then(() => import('./app/start-app'))
  .then(({ startApp }) => {
    window.removeEventListener('beforeinstallprompt', keep);
    startApp(installEvent);
  });
