import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt, type BeforeInstallPromptEvent } from '../lib/device/install-prompt';
import { registerServiceWorker } from '../lib/device/service-worker';
import { App } from './app';
import { preloadRoute } from './routes';
import { startLanguage } from '../i18n/i18n';
import { LateFooter } from './shell/shell';
import { afterPageSettled } from '../lib/device/after-page-settled';

/** Starts the app over the static shell once the first page's chunk is here, as a transition (`installEvent`: main.tsx kept it). */
export function startApp(installEvent: BeforeInstallPromptEvent | undefined): void {
  captureInstallPrompt(installEvent);
  const root = createRoot(document.getElementById('root')!);
  // The page's chunk and, for a Hindi shopper, the Hindi texts, side by side: the first render has both.
  // Below `/`, the footer too: a short page draws it on screen.
  const footer = location.pathname === '/' ? undefined : LateFooter.preload();
  void Promise.all([preloadRoute(location.pathname).catch(() => undefined), startLanguage(), footer]).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
  registerServiceWorker();
  // Offline before it was ever loaded, it is not: nothing drawn needs it (ionic-setup.ts).
  afterPageSettled(() => void import('./ionic-setup').then((m) => m.setupIonic()).catch(() => undefined));
}
