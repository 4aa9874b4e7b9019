import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest a long loop holds the event loop between two yields (wall time, so a loaded machine yields sooner). */
const SLICE_MS = 4;

/**
 * A long loop's share of the event loop (a large file read and checked on one request): `await turn()` at each step
 * lets waiting requests in once SLICE_MS have passed since the last time, so `/api/health` and the shop's other calls
 * are answered within milliseconds while the loop runs (docs/benchmarks.md#books). Cheap when it does not yield.
 */
export function eventLoopTurns(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
