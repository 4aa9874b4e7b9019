import ky, { type KyInstance } from 'ky';
import { tokens } from './tokens';
import { shouldSendToLogin } from './login-redirect-rule';
import { stashProblemBody } from './http-problem';

export interface HttpDeps {
  /** '/api' in the app; a full URL in tests that talk to a local server. */
  prefixUrl: string;
  fetch?: typeof globalThis.fetch;
  /** Tokens are already cleared when this runs; `redirect` applies the docs/product.md#states /login rule. */
  onAuthLost?: (redirect: boolean) => void;
  /** Server messages of failed calls (docs/product.md#api, "What the product does with answers"). */
  onError?: (message: string, status: number) => void;
  /** The shopper's language, sent as Accept-Language on every call so the API answers (and mails) in it. */
  language?: () => string;
}

/** Per-call switches, passed as ky's `context`. */
export interface CallContext {
  /** The screen shows the failure itself; no toast. */
  silent?: boolean;
}

const bearer = (token: string) => `Bearer ${token}`;

/** Haat's one HTTP client (docs/product.md#states, "Authentication"): the bearer token, and one refresh for every 401 at once. */
export function createHttp(deps: HttpDeps): KyInstance {
  const fetchFn = deps.fetch ?? globalThis.fetch.bind(globalThis);
  // The refresher loads with the first 401, which a first visit to `/` never gets (docs/benchmarks.md "First visit
  // weight"); a failed load rejects like a failed refresh call (offline is not signed out) and is tried again next time.
  let refresher: Promise<() => Promise<string | null>> | undefined;
  const refresh = () => {
    refresher ??= import('./token-refresher').then(
      (m) => m.createTokenRefresher(deps.prefixUrl, fetchFn),
      (error: unknown) => {
        refresher = undefined;
        throw error;
      },
    );
    return refresher.then((run) => run());
  };

  return ky.create({
    prefixUrl: deps.prefixUrl,
    fetch: fetchFn,
    credentials: 'include',
    hooks: {
      beforeRequest: [
        (request) => {
          const language = deps.language?.();
          if (language) request.headers.set('accept-language', language);
          const token = tokens.access();
          if (token && !request.headers.has('authorization')) request.headers.set('authorization', bearer(token));
        },
      ],
      afterResponse: [
        async (request, _options, response) => {
          if (response.status !== 401 || request.url.includes('/user/refresh-token')) return response;
          const sentWith = request.headers.get('authorization');
          const current = tokens.access();
          // Answered 401 for a token another call has already replaced: just try again with the new one.
          const token = current && bearer(current) !== sentWith ? current : await refresh();
          if (!token) {
            tokens.clear();
            deps.onAuthLost?.(shouldSendToLogin(request.url, globalThis.location?.pathname ?? '/'));
            return response;
          }
          const headers = new Headers(request.headers);
          headers.set('authorization', bearer(token));
          // Sent through plain fetch, so a second 401 cannot start another refresh: one retry, no loop.
          return fetchFn(new Request(request, { headers }));
        },
      ],
      beforeError: [
        async (error) => {
          const body = (await error.response
            .clone()
            .json()
            .catch(() => null)) as Record<string, unknown> | null;
          stashProblemBody(error, body);
          if (typeof body?.message === 'string' && body.message) error.message = body.message;
          const context = error.options.context as CallContext | undefined;
          if (!context?.silent) deps.onError?.(error.message, error.response.status);
          return error;
        },
      ],
    },
  });
}
