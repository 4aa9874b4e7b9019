import { batchedReads } from './batched-reads.js';

/** A read whose queries the test answers by hand, recording the keys of each. */
function manualRead() {
  const queries: Array<{ keys: readonly number[]; answer: () => void }> = [];
  const read = (keys: readonly number[]) => new Promise<number[]>((resolve) => queries.push({ keys, answer: () => resolve(keys.map((k) => k * 10)) }));
  return { queries, read };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('sends a key after one event-loop turn when no query is out', async () => {
    const { queries, read } = manualRead();
    const loader = batchedReads(read);
    const answer = loader.load(1);
    await turn();
    expect(queries.map((q) => q.keys)).toEqual([[1]]);
    queries[0]!.answer();
    await expect(answer).resolves.toBe(10);
  });

  it('gathers the keys asked while a query is out into the next query, and never caches', async () => {
    const { queries, read } = manualRead();
    const loader = batchedReads(read);
    const first = loader.load(1);
    await turn();
    // Asked over several turns while the first query is out: one query, sent once it is answered.
    const later = [loader.load(2)];
    await turn();
    later.push(loader.load(3), loader.load(2));
    await turn();
    expect(queries).toHaveLength(1);
    queries[0]!.answer();
    await first;
    await turn();
    await turn();
    expect(queries.map((q) => q.keys)).toEqual([[1], [2, 3, 2]]);
    queries[1]!.answer();
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 20]);
    // Nothing out: the next key goes at once again, read anew.
    const again = loader.load(1);
    await turn();
    expect(queries).toHaveLength(3);
    queries[2]!.answer();
    await expect(again).resolves.toBe(10);
  });

  it('a failed query fails its keys and does not hold up the next', async () => {
    const queries: Array<{ keys: readonly number[]; fail: () => void; answer: () => void }> = [];
    const loader = batchedReads<number, number>(
      (keys) =>
        new Promise((resolve, reject) => queries.push({ keys, fail: () => reject(new Error('connection lost')), answer: () => resolve(keys.map((k) => k)) })),
    );
    const first = loader.load(1);
    await turn();
    const second = loader.load(2);
    queries[0]!.fail();
    await expect(first).rejects.toThrow('connection lost');
    await turn();
    await turn();
    expect(queries.map((q) => q.keys)).toEqual([[1], [2]]);
    queries[1]!.answer();
    await expect(second).resolves.toBe(2);
  });
});
