import { problemOf } from './http-problem';

/**
 * Why a read failed, as a screen must tell it (an error is not "offline"):
 * - `network`: no answer at all (no connection, server unreachable, timeout): worth retrying, and
 *   what the device has saved may stand in;
 * - `not-found`: the server answered 404: the thing does not exist (or was deleted); retrying cannot help;
 * - `server`: the server answered 5xx: worth retrying, then an error, never "offline";
 * - `refused`: any other answer (4xx: a bad request) or a bug of ours: an error, no retry.
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
