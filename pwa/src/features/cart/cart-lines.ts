import type { CartSyncRequest } from '@haat/shared/cart/cart.schema';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { CartItem } from '@haat/shared/cart/cart.types';
import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import type { CartLine } from '../../lib/storage/device-store';
import type { OutboxEntry } from '../../lib/storage/outbox';

export function lineFromServer(item: CartItem): CartLine {
  const variantId = item.variantId ?? null;
  return {
    key: cartLineKey(item.productId._id, variantId),
    productId: item.productId._id,
    variantId,
    variant: item.variant ?? null,
    quantity: item.quantity,
    product: item.productId,
    lineId: item._id,
    addedAt: Date.parse(item.createdAt) || undefined,
  };
}

type SyncItem = { productId: string; variantId: string | null; quantity: number };

/** Several queued changes as one request: per product and variant, the shopper's last word wins. */
export function mergeQuantities(entries: ReadonlyArray<OutboxEntry<CartSyncRequest>>): SyncItem[] {
  const last = new Map<string, SyncItem>();
  for (const entry of entries) {
    // Entries queued before variants carry no variantId: the product itself.
    for (const { productId, variantId, quantity } of entry.body.items)
      last.set(cartLineKey(productId, variantId), { productId, variantId: variantId ?? null, quantity });
  }
  return [...last.values()];
}

/** Oldest first, as the shopper added them. */
export function byAddedAt(a: CartLine, b: CartLine): number {
  return (a.addedAt ?? 0) - (b.addedAt ?? 0);
}

/** docs/product.md#screens, Bill details and #rules-and-limits pricing, from the shared rules (never computed twice). */
export function cartTotals(lines: readonly CartLine[]): Totals {
  return totalsOf(lines.map((l) => ({ price: l.product.price, discount: l.product.discount, quantity: l.quantity })));
}
