import { problemOf } from './http-problem';

/**
 * Why a read failed, as a screen must tell it (an error is not "offline"): `network` (no answer: worth retrying, and
 * what is saved may stand in), `not-found` (404), `server` (5xx: worth retrying, never "offline"), `refused` (the rest).
 */
export type LoadFailure = 'network' | 'not-found' | 'server' | 'refused';

export function classifyLoadFailure(error: unknown): LoadFailure {
  const { status } = problemOf(error);
  if (status === 0) return 'network';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  return 'refused';
}

/** The docs/product.md#states automatic retries are for network errors and 5xx only: a 404 or 400 stays what it is. */
export function isRetryable(error: unknown): boolean {
  const kind = classifyLoadFailure(error);
  return kind === 'network' || kind === 'server';
}
