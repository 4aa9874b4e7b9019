// The API tests' one poll: read again until what the test waits for has come, with a deadline, and a
// failure that names what never came (docs/testing.md).
// Something the server does after its answer (a mail, a push, a refund, a metric, a log line, a
// socket counted out) is read until it is there; that something does NOT happen is shown by a barrier,
// never by polling.

export interface PollOptions<T> {
  /** How long to keep reading (ms); 5 s unless said. */
  timeoutMs?: number;
  /** The pause between two reads (ms); 20 unless said. A read that queries the server costs CPU: poll no faster than the thing can come. */
  intervalMs?: number;
  /** When the value read is what was waited for; by default any truthy value. */
  until?: (value: T) => boolean;
}

export interface WaitOptions<T> extends PollOptions<T> {
  /**
   * What never came, for the failure: "waited 5000 ms for <message> (last read: …)". A function is given
   * the last value read and says what it saw itself (for values that do not print well, e.g. a response).
   */
  message: string | ((last: T | undefined) => string);
}

const done = <T>(value: T, until?: (value: T) => boolean) => (until ? until(value) : Boolean(value));

/**
 * Reads `check` until its value is what was waited for and answers that value, or answers the last value
 * read once `timeoutMs` has passed: for a caller to whom "it never came" is an outcome to count, not a
 * failure (db-faults' outages). Every other caller uses waitUntil().
 */
export async function pollFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5000, intervalMs = 20, until }: PollOptions<T> = {},
): Promise<{ value: T; came: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (done(value, until)) return { value, came: true };
    if (Date.now() >= deadline) return { value, came: false };
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(intervalMs, deadline - Date.now()))));
  }
}

/**
 * Reads `check` until its value is what was waited for (truthy, or `until`) and answers it; throws
 * "waited <timeoutMs> ms for <message> (last read: …)" if it never comes.
 */
export function waitUntil<T>(check: () => T | Promise<T>, options: WaitOptions<T> & { until: (value: T) => boolean }): Promise<T>;
export function waitUntil<T>(check: () => T | Promise<T>, options: WaitOptions<T> & { until?: undefined }): Promise<NonNullable<T>>;
export async function waitUntil<T>(check: () => T | Promise<T>, options: WaitOptions<T>): Promise<T> {
  const { value, came } = await pollFor(check, options);
  if (came) return value;
  const what = typeof options.message === 'function' ? options.message(value) : `${options.message} (last read: ${show(value)})`;
  throw new Error(`waited ${options.timeoutMs ?? 5000} ms for ${what}`);
}

function show(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined; // a circular value
  }
  if (text === undefined) return value === undefined ? 'undefined' : `a ${typeof value} that does not print as JSON`;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
