import { z } from 'zod';
import { Id } from '../common/fields.js';
import { syncDecision, type SyncChangeReason } from './cart.rules.js';

/** POST /api/order/order-again: the shopper's own order whose lines go back into the cart. */
export const OrderAgainBody = z.object({ orderId: Id });
export type OrderAgainBody = z.infer<typeof OrderAgainBody>;

/** A line of the order not put back in full, and why (the same reasons a cart sync gives, docs/product.md#buy-again-and-order-again). */
export interface OrderAgainLeft {
  productId: string;
  variantId: string | null;
  /** The name as the order kept it (with the option's), so a product no longer sold can still be named. */
  name: string;
  reason: SyncChangeReason;
  /** Units the order had, and how many of them went into the cart (0: none). */
  ordered: number;
  added: number;
}

/** A line put back whose price for one unit is not what the order paid: both in paise. */
export interface OrderAgainChanged {
  productId: string;
  variantId: string | null;
  name: string;
  was: number;
  now: number;
}

/** What Order again adds to one cart line. */
export interface OrderAgainDecision {
  /** The line's quantity afterwards (never below what the cart held). */
  quantity: number;
  added: number;
  /** Why fewer than the order's units were added; absent when all were. */
  reason?: SyncChangeReason;
}

/**
 * Order again for one line (docs/product.md#buy-again-and-order-again): the cart's line (`inCart` units) takes the order's units
 * on top, by the cart's own rule (`syncDecision`: the product's stock and its limit per order); what the rule does
 * not take is left out with its reason. A line already holding more than the rule allows now is not cut.
 */
export function orderAgainDecision(inCart: number, ordered: number, product: { stock: number; maxPerOrder?: number } | null): OrderAgainDecision {
  const decision = syncDecision(inCart + ordered, product);
  const quantity = Math.max(inCart, decision.applied);
  const added = quantity - inCart;
  return added < ordered ? { quantity, added, reason: decision.reason ?? 'limited' } : { quantity, added };
}
