import type { Options } from 'ky';
import { http } from './http';

/**
 * A tiny JSON client for the catalogue reads, on top of lib/http.ts (bearer token, single-flight
 * refresh). Retries are off: the screens decide (the product page retries twice, 1 s apart, docs/product.md#states).
 * Silent: catalogue screens show their own error states (docs/product.md#errors), so no toast on top.
 */
const api = http.extend({ retry: 0, timeout: 15_000, context: { silent: true } });

export function getJson<T>(path: string): Promise<T> {
  return api.get(path.replace(/^\//, '')).json<T>();
}

/** `options` (ky's): a screen's own `retry` and `signal`. */
export function postJson<T>(path: string, body: unknown, options: Pick<Options, 'retry' | 'signal'> = {}): Promise<T> {
  return api.post(path.replace(/^\//, ''), { json: body, ...options }).json<T>();
}
