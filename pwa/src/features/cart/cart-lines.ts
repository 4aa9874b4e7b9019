import type { CartSyncBody } from '@haat/shared/cart/cart.schema';
import type { CartItem } from '@haat/shared/cart/cart.types';
import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import type { CartLine } from '../../lib/account-tables';
import type { OutboxEntry } from '../../lib/outbox';

export function lineFromServer(item: CartItem): CartLine {
  return {
    productId: item.productId._id,
    quantity: item.quantity,
    product: item.productId,
    lineId: item._id,
    addedAt: Date.parse(item.createdAt) || undefined,
  };
}

/** Several queued changes as one request: per product, the shopper's last word wins. */
export function mergeQuantities(entries: ReadonlyArray<OutboxEntry<CartSyncBody>>): CartSyncBody['items'] {
  const last = new Map<string, number>();
  for (const entry of entries) for (const { productId, quantity } of entry.body.items) last.set(productId, quantity);
  return [...last].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * The server's cart with the changes it has not seen yet laid on top, so an answer that arrives while
 * the shopper keeps tapping never undoes their newer taps. Product details come from the server when
 * it has the line, else from what the device last saw.
 */
export function overlayPending(server: CartLine[], pending: ReadonlyArray<OutboxEntry<CartSyncBody>>, known: ReadonlyMap<string, CartLine>): CartLine[] {
  const lines = new Map<string, CartLine>(server.map((l) => [l.productId, { ...l, addedAt: known.get(l.productId)?.addedAt ?? l.addedAt }]));
  for (const { productId, quantity } of mergeQuantities(pending)) {
    const base = lines.get(productId) ?? known.get(productId);
    if (quantity <= 0) lines.delete(productId);
    else if (base) lines.set(productId, { ...base, quantity });
  }
  return [...lines.values()];
}

/** Oldest first, as the shopper added them. */
export function byAddedAt(a: CartLine, b: CartLine): number {
  return (a.addedAt ?? 0) - (b.addedAt ?? 0);
}

/** Spec §2 Bill details and §9 pricing, from the shared rules (never computed twice). */
export function cartTotals(lines: readonly CartLine[]): Totals {
  return totalsOf(lines.map((l) => ({ price: l.product.price, discount: l.product.discount, quantity: l.quantity })));
}
