import { useDeviceQuery } from '../../../lib/storage/device-store';
import { outboxFacade } from '../../../lib/storage/outbox-facade';

export type QueuedOrderState =
  { state: 'loading' } | { state: 'waiting' } | { state: 'placed'; orderId: string } | { state: 'failed'; message: string } | { state: 'unknown' };

/** Follows an order queued offline by its Idempotency-Key: waiting → placed (real id) or failed. */
export function useQueuedOrder(key: string): QueuedOrderState {
  return (
    useDeviceQuery(
      async (db): Promise<QueuedOrderState> => {
        const placed = await db.orders.where('clientKey').equals(key).first();
        if (placed) return { state: 'placed', orderId: placed.orderId };
        const entry = await outboxFacade.find(key);
        if (!entry) return { state: 'unknown' };
        return entry.failed ? { state: 'failed', message: entry.failed } : { state: 'waiting' };
      },
      [key],
      { now: true },
    ) ?? { state: 'loading' }
  );
}
