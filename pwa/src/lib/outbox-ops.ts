/**
 * The kinds of queued writes, named here so one feature can see another's pending work without
 * importing it (the cart hides lines a queued order has already taken, for instance).
 */
export const OUTBOX_OPS = {
  /** body: { items: [{ productId, quantity }] }: absolute quantities, PUT /api/cart/sync. */
  cartSync: 'cart.sync',
  /** body: the cash-on-delivery payload (list_items, totalAmt, address); key = Idempotency-Key. */
  cashOnDelivery: 'order.cod',
  /** body: { productId }: set operations, so a replay is harmless. */
  wishlistAdd: 'wishlist.add',
  wishlistRemove: 'wishlist.remove',
} as const;

export interface QueuedOrderBody {
  list_items: Array<{ productId: string; quantity: number }>;
  totalAmt: number;
  subTotalAmt?: number;
  address: string;
}

/** The Background Sync tag the service worker answers (src/sw.ts). */
export const OUTBOX_SYNC_TAG = 'haat-outbox';
/** What the service worker posts to open pages when Background Sync fires; they reply { remaining }. */
export const FLUSH_MESSAGE = 'haat:flush-outbox';
