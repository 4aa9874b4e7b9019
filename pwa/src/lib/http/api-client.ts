import type { Options } from 'ky';
import { http } from './http';

/** The catalogue reads: no retries (the screens' own, docs/product.md#states), silent (they show their own errors). */
const api = http.extend({ retry: 0, timeout: 15_000, context: { silent: true } });

export function getJson<T>(path: string): Promise<T> {
  return api.get(path.replace(/^\//, '')).json<T>();
}

/** `options` (ky's): a screen's own `retry` and `signal`. */
export function postJson<T>(path: string, body: unknown, options: Pick<Options, 'retry' | 'signal'> = {}): Promise<T> {
  return api.post(path.replace(/^\//, ''), { json: body, ...options }).json<T>();
}
