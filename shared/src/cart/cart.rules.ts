import { LIMITS } from '../common/limits.js';
import { lineSubtotal } from '../money/pricing.js';

/** product_gone also covers a variant the product no longer has; limited is the product's most per order. */
export type SyncChangeReason = 'out_of_stock' | 'clamped' | 'limited' | 'product_gone';

export interface SyncDecision {
  /** The quantity the cart line ends with; 0 means the line is removed. */
  applied: number;
  /** Why the server did not apply what was asked; absent when it did. */
  reason?: SyncChangeReason;
}

/**
 * What the server does with one synced line: the asked quantity, unless the product is gone,
 * out of stock, short of it, or the line asks more than one order may hold (the product's
 * `maxPerOrder`, the same limit adding to the cart and ordering keep). Removing (0) is always
 * honoured as asked.
 */
export function syncDecision(requested: number, product: { stock: number; maxPerOrder?: number } | null): SyncDecision {
  if (requested <= 0) return { applied: 0 };
  if (!product) return { applied: 0, reason: 'product_gone' };
  const stock = Math.max(0, Math.floor(product.stock));
  if (stock === 0) return { applied: 0, reason: 'out_of_stock' };
  const limit = product.maxPerOrder ?? Infinity;
  if (requested > limit && limit < stock) return { applied: limit, reason: 'limited' };
  if (requested > stock) return { applied: stock, reason: 'clamped' };
  return { applied: requested };
}

/**
 * The most one cart line can hold now: the lesser of the units left to sell and the product's
 * `maxPerOrder` (the default when unknown), never below 0. The stepper's + stops here and the
 * product page's quantity box clamps to it (docs/product.md#rules-and-limits).
 */
export function lineMax(product: { stock: number; maxPerOrder?: number | null }): number {
  return Math.min(unitsLeft(product.stock), perOrder(product.maxPerOrder));
}

/** Which limit stops a line at `quantity`: the stock (sold out included), the per-order limit, or none yet. */
export function lineLimitReached(product: { stock: number; maxPerOrder?: number | null }, quantity: number): 'stock' | 'limit' | null {
  if (quantity < lineMax(product)) return null;
  return unitsLeft(product.stock) < perOrder(product.maxPerOrder) ? 'stock' : 'limit';
}

const unitsLeft = (stock: number) => (Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0);
const perOrder = (max: number | null | undefined) => (typeof max === 'number' && max >= 1 ? Math.floor(max) : LIMITS.defaultMaxPerOrder);

/** A cart line's amount as the shopper pays it (docs/product.md#rules-and-limits discount rule, 2 decimals). */
export function cartLineSubtotal(product: { price: number; discount: number }, quantity: number): number {
  return lineSubtotal({ price: product.price, discount: product.discount, quantity });
}
