/**
 * Runs `attempt` and, when it throws, tries again `retries` more times `delayMs` apart
 * (docs/product.md#states: product details retry 2 more times, 1 s apart). Aborting stops the waiting. An error
 * `shouldRetry` refuses (a 404: retrying cannot make the product exist) is thrown at once.
 */
export async function retry<T>(
  attempt: () => Promise<T>,
  { retries, delayMs, signal, shouldRetry = () => true }: { retries: number; delayMs: number; signal?: AbortSignal; shouldRetry?: (error: unknown) => boolean },
): Promise<T> {
  for (let tryNo = 0; ; tryNo++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (tryNo >= retries || !shouldRetry(error)) throw error;
      await wait(delayMs, signal);
    }
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}
