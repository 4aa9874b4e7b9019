import type { CartSyncRequest } from '@haat/shared/cart/cart.schema';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { CashOnDeliveryRequest } from '@haat/shared/orders/order.schema';
import type { WishlistBody } from '@haat/shared/wishlist/wishlist.schema';
import type { NotifyMeBody } from '@haat/shared/notify-me/notify-me.schema';
import type { OutboxEntry } from './outbox';

/** Each kind of queued write and its request body: one feature sees another's pending work without importing it. */
export interface OutboxBodies {
  /** Absolute quantities, PUT /api/cart/sync; consecutive ones go out as one request. */
  'cart.sync': CartSyncRequest;
  /** POST /api/order/cash-on-delivery; the entry's key is the order's Idempotency-Key. */
  'order.cod': CashOnDeliveryRequest;
  /** Set operations, so a replay is harmless. */
  'wishlist.add': WishlistBody;
  'wishlist.remove': WishlistBody;
  /** "Notify me" asks and removals (docs/product.md#back-in-stock): set operations too. */
  'notify-me.add': NotifyMeBody;
  'notify-me.remove': NotifyMeBody;
}

export type OutboxKind = keyof OutboxBodies;

/** A queued write of one of `Kind`, its body typed by its kind (narrow on `op`). */
export type QueuedWrite<Kind extends OutboxKind = OutboxKind> = { [K in Kind]: OutboxEntry<OutboxBodies[K]> & { op: K } }[Kind];

/** The cart lines (product and variant, as cartLineKey) a queued cart change or order touches. */
export function cartLineKeysOf(write: QueuedWrite<'cart.sync' | 'order.cod'>): string[] {
  return write.op === 'cart.sync'
    ? write.body.items.map((i) => cartLineKey(i.productId, i.variantId))
    : write.body.list_items.map((l) => cartLineKey(l.productId, l.variantId));
}

/** The device rows (table, key) a queued write changes: a reload must not undo them (lib/storage/write-stamps.ts). */
export function rowsOf(write: OutboxEntry): Array<[table: string, key: string]> {
  const known = write as QueuedWrite;
  switch (known.op) {
    case 'cart.sync':
    case 'order.cod':
      return cartLineKeysOf(known).map((key) => ['cartLines', key]);
    case 'wishlist.add':
    case 'wishlist.remove':
      return [['wishlist', known.body.productId]];
    case 'notify-me.add':
    case 'notify-me.remove':
      return [['notifyMe', cartLineKey(known.body.productId, known.body.variantId)]];
    default:
      return [];
  }
}

/** The Background Sync tag the service worker answers (src/sw.ts). */
export const OUTBOX_SYNC_TAG = 'haat-outbox';
/** What the service worker posts to open pages when Background Sync fires; they reply { remaining }. */
export const FLUSH_MESSAGE = 'haat:flush-outbox';
