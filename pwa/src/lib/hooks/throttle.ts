/** Leading-edge throttle with a trailing call, so the last scroll position is never lost (docs/product.md#rules-and-limits). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0 && !timer) return run(args);
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = null;
        if (pending) run(pending);
        pending = null;
      },
      Math.max(wait, 0),
    );
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
