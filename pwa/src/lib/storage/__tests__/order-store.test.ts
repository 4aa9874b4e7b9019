// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@haat/shared/orders/order.types';
import { until } from '../../../test-support/until';

/** Each order-list read, answered by the test when it chooses. */
const pending: Array<(orders: Order[]) => void> = [];
vi.mock('../../http/http', () => ({
  http: {
    get: () => ({ json: () => new Promise((resolve) => pending.push((orders) => resolve({ success: true, data: orders }))) }),
  },
}));

const { db } = await import('../db');
const { clearUserData } = await import('../user-data');
const { reloadOrders } = await import('../order-store');

const order = (orderId: string, createdAt: string) => ({ orderId, createdAt, status: 'ORDER_PLACED' }) as unknown as Order;
const asked = () => until(() => expect(pending.length).toBe(1));

beforeEach(async () => {
  pending.length = 0;
  await clearUserData();
});

describe('reloading the stored orders', () => {
  it('keeps an order recorded while the list was on its way, and drops only orders the list no longer has', async () => {
    await db.orders.bulkPut([{ ...order('O1', '2026-11-20T10:00:00Z'), clientKey: 'k1' }, order('O0', '2026-11-19T10:00:00Z')]);
    const reload = reloadOrders();
    await asked();
    // The queued order is answered and recorded (as the outbox's settle does) before the list arrives without it.
    await db.orders.put({ ...order('O2', '2026-11-25T10:00:00Z'), clientKey: 'k2' });
    pending[0]!([order('O1', '2026-11-20T10:00:00Z')]);
    await reload;

    const stored = await db.orders.orderBy('createdAt').toArray();
    expect(stored.map((o) => [o.orderId, o.clientKey])).toEqual([
      ['O1', 'k1'],
      ['O2', 'k2'],
    ]);
    // The next reload lists it, and it keeps the key its screen finds it by.
    const again = reloadOrders();
    await until(() => expect(pending.length).toBe(2));
    pending[1]!([order('O1', '2026-11-20T10:00:00Z'), order('O2', '2026-11-25T10:00:00Z')]);
    await again;
    expect(await db.orders.where('clientKey').equals('k2').first()).toMatchObject({ orderId: 'O2' });
  });
});
