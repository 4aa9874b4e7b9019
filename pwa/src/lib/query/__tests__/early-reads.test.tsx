import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../query-keys';

// The test setup loads the library (src/test-setup.ts clears its cache): these modules are taken afresh, so the reads
// below are made before TanStack Query has loaded, as `/`'s first screen makes them, until the last test loads it.
vi.resetModules();
const { useServerRefresh } = await import('../../storage/use-server-refresh');
const { currentLayer } = await import('../early-reads');
const { loadQueryLayer } = await import('../server-query');

afterEach(cleanup);

const turns = async () => {
  for (let i = 0; i < 3; i++) await new Promise((turn) => setTimeout(turn, 0));
};

/** A refresh the test answers when it chooses; records each signal it was given. */
function held() {
  const asks: Array<{ signal: AbortSignal; answer: (v: string) => void; fail: (e: unknown) => void }> = [];
  const refresh = (signal: AbortSignal) => new Promise<string>((answer, fail) => asks.push({ signal, answer, fail }));
  return { asks, refresh };
}

describe('reads before TanStack Query has loaded (lib/query/early-reads.ts)', () => {
  it('asks once for two screens showing a key and answers both, without loading the library', async () => {
    const { asks, refresh } = held();
    const one = renderHook(() => useServerRefresh('early-shared', refresh));
    const two = renderHook(() => useServerRefresh('early-shared', refresh));
    await waitFor(() => expect(asks).toHaveLength(1));
    expect(one.result.current).toMatchObject({ refreshing: true, answer: undefined });
    await act(async () => {
      asks[0]!.answer('S');
      await turns();
    });
    expect(one.result.current).toMatchObject({ refreshing: false, answer: 'S', failure: null });
    expect(two.result.current.answer).toBe('S');
    expect(asks).toHaveLength(1);
    expect(currentLayer()).toBeUndefined();
  });

  it('aborts the read of a key no screen shows any more, and never shows its answer for the next key', async () => {
    const { asks, refresh } = held();
    const { result, rerender } = renderHook(({ key }) => useServerRefresh(key, refresh), { initialProps: { key: 'early-a' } });
    await waitFor(() => expect(asks).toHaveLength(1));
    rerender({ key: 'early-b' });
    await waitFor(() => expect(asks).toHaveLength(2));
    expect(asks[0]!.signal.aborted).toBe(true);
    await act(async () => {
      asks[0]!.answer('A, late');
      await turns();
    });
    expect(result.current.answer).toBeUndefined();
    await act(async () => {
      asks[1]!.answer('B');
      await turns();
    });
    expect(result.current).toMatchObject({ refreshing: false, answer: 'B' });
  });

  it('says why it failed, asks again on Try again, and again back online keeping its answer', async () => {
    const { asks, refresh } = held();
    const { result } = renderHook(() => useServerRefresh('early-retry', refresh));
    await waitFor(() => expect(asks).toHaveLength(1));
    await act(async () => {
      asks[0]!.fail(new TypeError('Failed to fetch'));
      await turns();
    });
    expect(result.current).toMatchObject({ refreshing: false, failure: 'network' });
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ refreshing: true, failure: null });
    await act(async () => {
      asks[1]!.answer('R');
      await turns();
    });
    expect(result.current.answer).toBe('R');
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(asks).toHaveLength(3));
    expect(result.current.answer).toBe('R');
    await act(async () => {
      asks[2]!.answer('R2');
      await turns();
    });
    expect(result.current.answer).toBe('R2');
  });

  it('hands its reads to the library once it loads: an answered one is not asked again, an invalidated one is', async () => {
    const { asks, refresh } = held();
    const answered = renderHook(() => useServerRefresh('early-handed', refresh));
    const asking = renderHook(() => useServerRefresh('early-asking', refresh));
    await waitFor(() => expect(asks).toHaveLength(2));
    await act(async () => {
      asks[0]!.answer('H');
      await turns();
    });
    const layer = await act(() => loadQueryLayer());
    await act(turns);
    expect(asks).toHaveLength(2);
    expect(answered.result.current).toMatchObject({ refreshing: false, answer: 'H' });
    // The read under way is the library's now: its answer reaches the screen, and it was never aborted.
    await act(async () => {
      asks[1]!.answer('K');
      await turns();
    });
    expect(asks[1]!.signal.aborted).toBe(false);
    expect(asking.result.current).toMatchObject({ refreshing: false, answer: 'K' });
    expect(asks).toHaveLength(2);
    // Invalidated (a write said it changed), the handed read is asked again: the refresh it waits for is held here.
    act(() => void layer.queryClient.invalidateQueries({ queryKey: queryKeys.device('early-handed') }));
    await waitFor(() => expect(asks).toHaveLength(3));
  });
});
