import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';

// Before React: Chromium may fire beforeinstallprompt while the first render is still running.
captureInstallPrompt();

// index.html already shows a static shell; React takes over once the first page's chunk is here, so
// the shell is replaced by the real page in one step (no loading flash). The render is a transition:
// React yields to the browser while mounting, instead of one long task that blocks input.
const root = createRoot(document.getElementById('root')!);
void preloadRoute(location.pathname)
  .catch(() => undefined)
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
registerServiceWorker();
