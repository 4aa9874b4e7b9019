import { useEffect, useRef } from 'react';

interface GoogleId {
  initialize(options: { client_id: string; callback: (answer: { credential: string }) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}
type WithGoogle = typeof globalThis & { google?: { accounts: { id: GoogleId } } };

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleId> | null = null;

/** Loads Google Identity Services once, only when a page actually shows the button. */
function loadGoogleIdentity(): Promise<GoogleId> {
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const id = (globalThis as WithGoogle).google?.accounts.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in did not start.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Renders Google's own button into the returned ref; `onCredential` gets the ID token. */
export function useGoogleIdentity(clientId: string | null, onCredential: (credential: string) => void, onFailure: () => void) {
  const host = useRef<HTMLDivElement>(null);
  const handler = useRef(onCredential);
  handler.current = onCredential;
  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogleIdentity()
      .then((id) => {
        if (!live || !host.current) return;
        id.initialize({ client_id: clientId, callback: ({ credential }) => handler.current(credential) });
        id.renderButton(host.current, { theme: 'outline', size: 'large', width: 280, text: 'continue_with' });
      })
      .catch(() => live && onFailure());
    return () => {
      live = false;
    };
  }, [clientId, onFailure]);
  return host;
}
