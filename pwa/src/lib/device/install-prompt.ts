import { atom, getDefaultStore } from 'jotai';

/** Chromium's install event; not in lib.dom yet. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Set only after the browser fires beforeinstallprompt, so the Install button shows only when it works. */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);

const store = getDefaultStore();

/** Called before React renders the header; `early` is an event main.tsx kept while the app loaded. */
export function captureInstallPrompt(early?: BeforeInstallPromptEvent): void {
  if (early) store.set(installPromptAtom, early);
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    store.set(installPromptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => store.set(installPromptAtom, null));
}

export async function promptInstall(): Promise<boolean> {
  const event = store.get(installPromptAtom);
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  store.set(installPromptAtom, null); // a prompt can be used once
  return outcome === 'accepted';
}
