import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerRefresh } from '../use-server-refresh';
import { invalidate } from '../../query/query-client';
import { queryKeys } from '../../query/query-keys';

afterEach(cleanup);

/** Settles a held refresh, then lets its answer reach the hook (TanStack Query tells its observers a task later). */
const settle = async (how: () => void) => {
  how();
  for (let i = 0; i < 3; i++) await new Promise((turn) => setTimeout(turn, 0));
};

/** A refresh the test answers when it chooses, per key; records each signal it was given. */
function held() {
  const asks: Array<{ key: string; signal: AbortSignal; answer: (v: string) => void; fail: (e: unknown) => void }> = [];
  const refresh = (key: string) => (signal: AbortSignal) => new Promise<string>((answer, fail) => asks.push({ key, signal, answer, fail }));
  return { asks, refresh };
}

describe('useServerRefresh: the one way a screen refreshes device data when it opens', () => {
  it('is refreshing until the answer, then gives it', async () => {
    const { asks, refresh } = held();
    const { result } = renderHook(() => useServerRefresh('a', refresh('a')));
    expect(result.current).toMatchObject({ refreshing: true, answer: undefined, failure: null });
    await waitFor(() => expect(asks).toHaveLength(1));
    await act(() => settle(() => asks[0]!.answer('A')));
    expect(result.current).toMatchObject({ refreshing: false, answer: 'A', failure: null });
  });

  it('aborts the refresh of a key the screen left, and never shows its answer for the new key', async () => {
    const { asks, refresh } = held();
    const { result, rerender } = renderHook(({ key }) => useServerRefresh(key, refresh(key)), { initialProps: { key: 'a' } });
    await waitFor(() => expect(asks).toHaveLength(1));
    rerender({ key: 'b' });
    expect(asks[0]!.signal.aborted).toBe(true);
    await act(() => settle(() => asks[0]!.answer('A, late')));
    expect(result.current.answer).toBeUndefined();
    await act(() => settle(() => asks[1]!.answer('B')));
    expect(result.current).toMatchObject({ refreshing: false, answer: 'B' });
  });

  it('says why it failed (a network error is the only "offline"), and Try again asks again and clears it', async () => {
    const { asks, refresh } = held();
    const { result } = renderHook(() => useServerRefresh('a', refresh('a')));
    await waitFor(() => expect(asks).toHaveLength(1));
    await act(() => settle(() => asks[0]!.fail(new TypeError('Failed to fetch'))));
    expect(result.current).toMatchObject({ refreshing: false, failure: 'network' });
    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ refreshing: true, failure: null }));
    const answered = new Response('{}', { status: 503 });
    await act(() => settle(() => asks[1]!.fail(new HTTPError(answered, new Request('http://x/api/y'), {} as never))));
    expect(result.current.failure).toBe('server');
  });

  it('asks again when the device comes back online, keeping the answer it has meanwhile', async () => {
    const { asks, refresh } = held();
    const { result } = renderHook(() => useServerRefresh('a', refresh('a')));
    await waitFor(() => expect(asks).toHaveLength(1));
    await act(() => settle(() => asks[0]!.answer('A')));
    act(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    });
    act(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
    });
    // Nothing is asked while offline; back online, the open screen's refresh is asked again.
    await waitFor(() => expect(asks.length).toBe(2));
    expect(result.current.answer).toBe('A');
    await act(() => settle(() => asks[1]!.answer('A2')));
    expect(result.current.answer).toBe('A2');
  });

  it('asks once for two screens showing the same key, and again when the key is invalidated', async () => {
    const { asks, refresh } = held();
    const one = renderHook(() => useServerRefresh('shared', refresh('shared')));
    const two = renderHook(() => useServerRefresh('shared', refresh('shared')));
    await waitFor(() => expect(asks).toHaveLength(1));
    await act(() => settle(() => asks[0]!.answer('S')));
    await waitFor(() => expect(two.result.current.answer).toBe('S'));
    expect(one.result.current.answer).toBe('S');
    await act(async () => {
      void invalidate(...queryKeys.device('shared'));
      await Promise.resolve();
    });
    await waitFor(() => expect(asks).toHaveLength(2));
  });

  it('is done, not failed, when the refresh only stores rows and answers nothing', async () => {
    let asked = 0;
    const stores = (): Promise<void> => Promise.resolve(void asked++);
    const { result } = renderHook(() => useServerRefresh('stores-only', stores));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(asked).toBe(1);
    expect(result.current).toMatchObject({ failure: null, answer: undefined });
  });

  it('asks nothing while the key is null', () => {
    const { asks, refresh } = held();
    const { result } = renderHook(() => useServerRefresh(null, refresh('none')));
    expect(asks).toHaveLength(0);
    expect(result.current.refreshing).toBe(false);
  });
});
