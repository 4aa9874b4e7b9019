import { TOKEN_KEYS } from '@haat/shared/common/limits';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type AccessListener = (token: string) => void;
const accessListeners = new Set<AccessListener>();

function announce(token: string): void {
  for (const listener of accessListeners) listener(token);
}

// A refresh in another tab reaches this one through the storage event.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === TOKEN_KEYS.access && event.newValue) announce(event.newValue);
});

/** The tokens in localStorage (docs/product.md#rules-and-limits), read at every call: another tab's refresh reaches this one. */
export const tokens = {
  access: (): string | null => localStorage.getItem(TOKEN_KEYS.access),
  refresh: (): string | null => localStorage.getItem(TOKEN_KEYS.refresh),
  save(pair: Partial<TokenPair>): void {
    if (pair.accessToken) {
      const changed = pair.accessToken !== localStorage.getItem(TOKEN_KEYS.access);
      localStorage.setItem(TOKEN_KEYS.access, pair.accessToken);
      if (changed) announce(pair.accessToken);
    }
    if (pair.refreshToken) localStorage.setItem(TOKEN_KEYS.refresh, pair.refreshToken);
  },
  /** Calls `listener` with every new access token, saved here or in another tab; answers the stop. */
  onAccess(listener: AccessListener): () => void {
    accessListeners.add(listener);
    return () => void accessListeners.delete(listener);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEYS.access);
    localStorage.removeItem(TOKEN_KEYS.refresh);
  },
};
