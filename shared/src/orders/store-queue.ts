import { z } from 'zod';
import { Id } from '../common/fields.js';
import { ORDER_STAGES, type OrderStage, type PaymentStatus, type StatusHistoryEntry } from './order-stages.js';
import type { OrderAddress } from './order.types.js';

/** GET /api/store/queue?storeId=…: a dark store's open express and pickup orders, oldest first, with their packing lists (docs/product.md#delivery). */
export const STORE_QUEUE_PATH = 'store/queue';

export const StoreQueueQuery = z.object({ storeId: Id });
export type StoreQueueQuery = z.infer<typeof StoreQueueQuery>;

/** POST /api/store/queue/move: the store's queue moves one of its own express orders (actor `store` of order-lifecycle.ts). */
export const STORE_QUEUE_MOVE_PATH = 'store/queue/move';

export const StoreQueueMoveBody = z.object({
  storeId: Id,
  orderId: Id,
  status: z.enum(ORDER_STAGES, { error: `must be one of ${ORDER_STAGES.join(', ')}` }),
});
export type StoreQueueMoveBody = z.infer<typeof StoreQueueMoveBody>;

/** One line of a packing list. */
export interface PackingLine {
  name: string;
  variantName: string | null;
  quantity: number;
  /** The product's first image as the order copied it; null without one. */
  image: string | null;
}

/** An open order in its store's queue: an express one timed against its promise, a pickup one against its collect-by. */
export interface StoreQueueOrder {
  _id: string;
  /** `store`: the store sends it out; `pickup`: its shopper collects it at the counter, handed over against a code. */
  fulfilment: 'store' | 'pickup';
  /** A pickup order's hand-over is locked until then (too many wrong codes today); absent otherwise. */
  handOverLockedUntil?: string;
  createdAt: string;
  /** createdAt + the promise's minutes; a pickup order's: when it is cancelled if not collected. */
  dueAt: string;
  /** Whole minutes until dueAt, negative once it has passed. */
  minutesLeft: number;
  /** The promise is already broken: it is past dueAt and the order is not delivered. */
  late: boolean;
  status: OrderStage;
  /** With statusHistory, what the order process reads to offer the queue its moves (movesFor, actor `store`). */
  payment_status: PaymentStatus;
  statusHistory: StatusHistoryEntry[];
  lines: PackingLine[];
  address: OrderAddress;
}

/** Promises kept by one store: its delivered express orders, and those delivered within the promise's minutes. */
export interface StorePromisesKept {
  store: { _id: string; name: string };
  delivered: number;
  kept: number;
}
