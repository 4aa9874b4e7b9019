import DataLoader from 'dataloader';

/** Keys per query at most. */
const MAX_BATCH = 500;

/**
 * A DataLoader for reads that many requests make at once (session checks, an order's address and
 * products, Idempotency-Key replays): no cache (every read sees the rows as they are now), and at
 * most one query of this loader on its way: while one is out, new keys gather into the next. Under
 * light load a key goes out after one event-loop turn, as before; in a burst (a flash sale's 2,000
 * orders) the batches grow by themselves, a handful of queries instead of one or two per request
 * (which is what batching per event-loop turn gave: requests arrive a few at a time).
 */
export function batchedReads<K, V>(read: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>): DataLoader<K, V, K> {
  let outstanding: Promise<void> | null = null;
  return new DataLoader<K, V, K>(
    (keys) => {
      const query = read(keys);
      const settled = query.then(
        () => undefined,
        () => undefined,
      );
      outstanding = settled;
      void settled.then(() => {
        if (outstanding === settled) outstanding = null;
      });
      return query;
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (run) => {
        const wait = outstanding;
        if (wait) void wait.then(() => setImmediate(run));
        else setImmediate(run);
      },
    },
  );
}

/** Each key's value from `loader`, in order; the first key's failure fails them all, as one read would. */
export async function loadAll<K, V>(loader: DataLoader<K, V, K>, keys: readonly K[]): Promise<V[]> {
  const values = await loader.loadMany(keys);
  for (const value of values) if (value instanceof Error) throw value;
  return values as V[];
}
