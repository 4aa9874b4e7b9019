import { atom, getDefaultStore } from 'jotai';
import type { CartSyncChange } from '@haat/shared/cart/cart.types';
import { formatInr } from '@haat/shared/money/inr';
import { discountedPrice } from '@haat/shared/money/pricing';
import { toast } from '../../lib/toast';
import type { CartLine } from '../../lib/account-tables';

/** What the server changed in the shopper's cart, kept on the panel until dismissed (ARCHITECTURE.md). */
export const cartNoticesAtom = atom<string[]>([]);

function changeText(change: CartSyncChange, name: string): string {
  switch (change.reason) {
    case 'out_of_stock':
      return `${name} is out of stock and was removed from your cart.`;
    case 'clamped':
      return `Only ${change.applied} of ${name} left in stock: your quantity is now ${change.applied}.`;
    case 'product_gone':
      return `${name} is no longer sold and was removed from your cart.`;
  }
}

/** Tells the shopper, never silently: stock changes the server reported and prices that moved. */
export function announceCartChanges(changes: CartSyncChange[], before: ReadonlyMap<string, CartLine>, after: CartLine[]): void {
  const notes = changes.map((c) => changeText(c, before.get(c.productId)?.product.name ?? 'An item'));
  for (const line of after) {
    const old = before.get(line.productId)?.product;
    if (!old) continue;
    const was = discountedPrice(old.price, old.discount);
    const now = discountedPrice(line.product.price, line.product.discount);
    if (was !== now) notes.push(`The price of ${line.product.name} changed from ${formatInr(was)} to ${formatInr(now)}.`);
  }
  if (notes.length === 0) return;
  notes.forEach((n) => toast.plain(n));
  getDefaultStore().set(cartNoticesAtom, (list) => [...list, ...notes].slice(-10));
}
