import ky, { HTTPError } from 'ky';
import { tokens, type TokenPair } from './tokens';

interface RefreshAnswer {
  data?: Partial<TokenPair> & { data?: Partial<TokenPair> };
}

/** Our API answers data.accessToken; docs/product.md#api names data.data.accessToken. Accept both. */
function pairOf(answer: RefreshAnswer): Partial<TokenPair> | undefined {
  return answer.data?.accessToken ? answer.data : answer.data?.data;
}

/**
 * Refresh tokens rotate and a reused one kills the session, so two refreshes must never race: within a tab one promise
 * is shared; across tabs the Web Locks API serialises them, and a tab that waited reads the new token. Resolves to the
 * new access token, or null when the session is over; a network failure rejects (offline is not signed out).
 */
export function createTokenRefresher(prefixUrl: string, fetchFn: typeof globalThis.fetch): () => Promise<string | null> {
  let inflight: Promise<string | null> | null = null;

  async function exchange(seenRefreshToken: string | null): Promise<string | null> {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return null;
    if (refreshToken !== seenRefreshToken) return tokens.access();
    try {
      const answer = await ky
        .post('user/refresh-token', { prefixUrl, fetch: fetchFn, retry: 0, headers: { authorization: `Bearer ${refreshToken}` } })
        .json<RefreshAnswer>();
      const pair = pairOf(answer);
      if (!pair?.accessToken) return null;
      tokens.save(pair);
      return pair.accessToken;
    } catch (error) {
      if (error instanceof HTTPError) return null;
      throw error;
    }
  }

  function run(): Promise<string | null> {
    const seen = tokens.refresh();
    const locks = globalThis.navigator?.locks;
    if (!locks) return exchange(seen);
    return locks.request('haat-token-refresh', () => exchange(seen));
  }

  return () => {
    inflight ??= run().finally(() => {
      inflight = null;
    });
    return inflight;
  };
}
