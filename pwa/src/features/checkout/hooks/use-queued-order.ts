import { useDeviceQuery } from '../../../lib/storage/device-store';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import type { DeliveryPromise } from '../../../lib/delivery/delivery-promise';

export type QueuedOrderState =
  | { state: 'loading' }
  | { state: 'waiting'; promise?: DeliveryPromise }
  | { state: 'placed'; orderId: string }
  | { state: 'failed'; message: string }
  | { state: 'unknown' };

/** Follows an order queued offline by its Idempotency-Key: waiting → placed (real id) or failed. */
export function useQueuedOrder(key: string): QueuedOrderState {
  return (
    useDeviceQuery(
      async (db): Promise<QueuedOrderState> => {
        const placed = await db.orders.where('clientKey').equals(key).first();
        if (placed) return { state: 'placed', orderId: placed.orderId };
        const entry = await outboxFacade.find(key);
        if (!entry) return { state: 'unknown' };
        // A waiting order says the promise it was placed under; the server checks it again when it is sent.
        return entry.failed ? { state: 'failed', message: entry.failed } : { state: 'waiting', promise: (entry.body as { promise?: DeliveryPromise }).promise };
      },
      [key],
      { now: true },
    ) ?? { state: 'loading' }
  );
}
