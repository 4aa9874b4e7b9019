import { TOKEN_KEYS } from '@haat/shared/common/limits';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * docs/product.md#rules-and-limits keeps the tokens in localStorage under `accesstoken` and `refreshToken`. Reading storage on
 * every call (instead of caching) lets a refresh done in another tab reach this one at once.
 */
export const tokens = {
  access(): string | null {
    return localStorage.getItem(TOKEN_KEYS.access);
  },
  refresh(): string | null {
    return localStorage.getItem(TOKEN_KEYS.refresh);
  },
  save(pair: Partial<TokenPair>): void {
    if (pair.accessToken) localStorage.setItem(TOKEN_KEYS.access, pair.accessToken);
    if (pair.refreshToken) localStorage.setItem(TOKEN_KEYS.refresh, pair.refreshToken);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEYS.access);
    localStorage.removeItem(TOKEN_KEYS.refresh);
  },
};
