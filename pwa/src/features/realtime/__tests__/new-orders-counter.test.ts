import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each request the counter makes, answered (or failed) by the test when it chooses. */
const pending: Array<{ path: string; settle: (count: number | Error) => void }> = [];
vi.mock('../../../lib/http/http', () => {
  const call = (path: string) => {
    const answer = new Promise((resolve, reject) =>
      pending.push({ path, settle: (count) => (count instanceof Error ? reject(count) : resolve({ success: true, data: { count } })) }),
    );
    return {
      json: () => answer,
      then: (ok: (v: unknown) => unknown, ko: (e: unknown) => unknown) => answer.then(ok, ko),
      catch: (ko: (e: unknown) => unknown) => answer.catch(ko),
    };
  };
  return { http: { get: (path: string) => call(path), post: (path: string) => call(path) } };
});

const { markOrdersSeen, refreshNewOrders } = await import('../new-orders-counter');
const { newOrdersCountAtom } = await import('../realtime-state');
const store = getDefaultStore();
/** Until the first `n` reads have reached the (stand-in) server. */
const asked = (n: number) => vi.waitFor(() => expect(pending.length).toBeGreaterThanOrEqual(n));

beforeEach(() => {
  pending.length = 0;
  store.set(newOrdersCountAtom, 0);
});

describe("the admin's New Orders count", () => {
  it('keeps a good answer when a later read fails (a crossing read must not blank the badge)', async () => {
    const first = refreshNewOrders();
    const second = refreshNewOrders();
    await asked(2);
    pending[1]!.settle(new Error('session refreshing'));
    await second;
    pending[0]!.settle(2);
    await first;
    expect(store.get(newOrdersCountAtom)).toBe(2);
  });

  it('never goes back to an older answer that arrives after a newer one', async () => {
    const older = refreshNewOrders();
    const newer = refreshNewOrders();
    await asked(2);
    pending[1]!.settle(3);
    await newer;
    pending[0]!.settle(1);
    await older;
    expect(store.get(newOrdersCountAtom)).toBe(3);
  });

  it('drops a count asked for before Manage Orders was opened', async () => {
    const before = refreshNewOrders();
    await asked(1);
    const seen = markOrdersSeen();
    pending.find((p) => p.path.endsWith('seen'))!.settle(0);
    await seen;
    pending[0]!.settle(5);
    await before;
    expect(store.get(newOrdersCountAtom)).toBe(0);
  });
});
