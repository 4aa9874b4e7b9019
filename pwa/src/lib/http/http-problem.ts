import { HTTPError } from 'ky';

/** What a failed call means to a screen: the server's message, its status (0 = no network, -1 = a bug), code and body. */
export interface HttpProblem {
  status: number;
  message: string;
  /** The envelope's code as it came (compare with ErrorCode; lib/http/problem-reaction.ts says what to do about one). */
  code?: string;
  body: Record<string, unknown> | null;
}

/** The parsed error envelope, stashed on the HTTPError by the client's beforeError hook. */
export const PROBLEM_BODY = Symbol('problemBody');

type WithBody = HTTPError & { [PROBLEM_BODY]?: Record<string, unknown> | null };

export function problemOf(error: unknown): HttpProblem {
  if (error instanceof HTTPError) {
    const body = (error as WithBody)[PROBLEM_BODY] ?? null;
    const message = typeof body?.message === 'string' && body.message ? body.message : error.message;
    return { status: error.response.status, message, code: typeof body?.code === 'string' ? body.code : undefined, body };
  }
  if (error instanceof Error && error.name === 'TimeoutError') return { status: 0, message: 'The network is too slow right now.', body: null };
  // fetch rejects with a TypeError when there is no connection at all.
  if (error instanceof TypeError) return { status: 0, message: 'You are offline.', body: null };
  // Anything else is a bug of ours, not the network: never mistake it for "retry later".
  return { status: -1, message: error instanceof Error ? error.message : String(error), body: null };
}

export function stashProblemBody(error: HTTPError, body: Record<string, unknown> | null): void {
  (error as WithBody)[PROBLEM_BODY] = body;
}
