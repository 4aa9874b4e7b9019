import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import type { CartLine } from '../../lib/storage/device-store';

/** Oldest first, as the shopper added them. */
export function byAddedAt(a: CartLine, b: CartLine): number {
  return (a.addedAt ?? 0) - (b.addedAt ?? 0);
}

/** docs/product.md#screens, Bill details and #rules-and-limits pricing, from the shared rules (never computed twice). */
export function cartTotals(lines: readonly CartLine[]): Totals {
  return totalsOf(lines.map((l) => ({ price: l.product.price, discount: l.product.discount, quantity: l.quantity })));
}
