// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../../../test-support/until';

// docs/decisions/0170-storage-waits-on-a-device-with-nothing-stored.md: when Dexie loads for reads and caching.
let idle: Array<() => void> = [];
beforeEach(() => {
  vi.resetModules();
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await (await import('../db')).db.delete();
});

/** The gate has checked the device and waits for the browser to turn idle: the barrier before "nothing yet". */
const gateWaitsForIdle = () => until(() => expect(idle).toHaveLength(1));

/** A fresh storage module and a read of the cart's count through it: `seen` collects what the read answers. */
async function watchCartCount() {
  const storage = await import('../device-store');
  const seen: number[] = [];
  storage.deviceQuery((db) => db.cart.count()).listen((n) => seen.push(n));
  return { storage, seen };
}

describe('storage is wanted', () => {
  it('on a device with nothing stored, a read waits until the page has settled: idle, then the first tap', async () => {
    const { seen } = await watchCartCount();
    await gateWaitsForIdle();
    expect(seen).toEqual([]);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(seen).toEqual([]);
    window.dispatchEvent(new Event('pointerdown'));
    await until(() => expect(seen).toEqual([0]));
  });

  it('or the page hidden', async () => {
    const { seen } = await watchCartCount();
    await gateWaitsForIdle();
    idle[0]!();
    window.dispatchEvent(new Event('pagehide'));
    await until(() => expect(seen).toEqual([0]));
  });

  it('or SETTLE_MS after idle, with no tap at all', async () => {
    const storage = await import('../device-store');
    let wanted = false;
    void storage.storageWanted().then(() => (wanted = true));
    await gateWaitsForIdle();
    const flush = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      idle[0]!();
      vi.advanceTimersByTime(storage.SETTLE_MS - 1);
      await flush();
      expect(wanted).toBe(false);
      vi.advanceTimersByTime(1);
      await flush();
      expect(wanted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a need (a shopper adding to the cart) loads it at once, and the waiting reads start with it', async () => {
    const { storage, seen } = await watchCartCount();
    await gateWaitsForIdle();
    const db = await storage.openStorage();
    await db.cart.put({
      key: 'p1',
      productId: 'p1',
      quantity: 1,
      product: { _id: 'p1', name: 'Ludo', image: [], unit: '1', price: 1, discount: 0, stock: 1 },
      addedAt: 1,
    });
    // idle never came: the need started the waiting read too
    await until(() => expect(seen.at(-1)).toBe(1));
  });

  it('where the device holds the database, reads start at once', async () => {
    const first = await import('../db');
    await first.db.open();
    first.db.close();
    vi.resetModules();
    const { seen } = await watchCartCount();
    await until(() => expect(seen).toEqual([0]));
    expect(idle).toHaveLength(0);
  });

  it('caching what the network answered waits like a read', async () => {
    const storage = await import('../device-store');
    let opened = false;
    void storage.openStorageWhenWanted().then(() => (opened = true));
    await gateWaitsForIdle();
    expect(opened).toBe(false);
    idle[0]!();
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await until(() => expect(opened).toBe(true));
  });
});
