import { afterEach, describe, expect, it, vi } from 'vitest';
import { retry } from '../retry';

afterEach(() => vi.useRealTimers());

describe('retry (docs/product.md#states: product details retry 2 more times, 1 s apart)', () => {
  it('tries once more per retry, waiting the delay between tries, then gives up with the last error', async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const failing = () => {
      calls.push(Date.now());
      return Promise.reject(new Error(`try ${calls.length}`));
    };
    const result = retry(failing, { retries: 2, delayMs: 1000 }).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(3);
    expect(await result).toBe('try 3');
    expect(calls[1]! - calls[0]!).toBe(1000);
    expect(calls[2]! - calls[1]!).toBe(1000);
  });

  it('stops at the first success', async () => {
    let n = 0;
    const value = await retry(() => (++n < 2 ? Promise.reject(new Error('no')) : Promise.resolve('ok')), { retries: 2, delayMs: 1 });
    expect(value).toBe('ok');
    expect(n).toBe(2);
  });

  it('stops waiting when aborted', async () => {
    const abort = new AbortController();
    let n = 0;
    const run = retry(() => (n++, Promise.reject(new Error('down'))), { retries: 5, delayMs: 10_000, signal: abort.signal });
    abort.abort(new Error('left the page'));
    await expect(run).rejects.toThrow('left the page');
    expect(n).toBe(1);
  });
});
