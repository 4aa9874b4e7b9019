import { postJson } from './api-client';

declare global {
  interface Window {
    /** Started by index.html's inline script, before any module loads (see there). */
    __haatEarly?: { key: string; response: Promise<unknown> };
  }
}

/** postJson, answered the first time from the request index.html started while the app's code downloaded. */
export function postJsonEarly<T>(path: string, body: unknown, options: Parameters<typeof postJson>[2] = {}): Promise<T> {
  const early = window.__haatEarly;
  if (early && early.key === `${path} ${JSON.stringify(body)}`) {
    window.__haatEarly = undefined;
    return (early.response as Promise<T>).catch(() => postJson<T>(path, body, options));
  }
  return postJson<T>(path, body, options);
}
