import { getDefaultStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { CartSyncChange } from '@haat/shared/cart/cart.types';
import { formatMoney } from '../../i18n/format';
import { discountedPrice } from '@haat/shared/money/pricing';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { toast } from '../../lib/ui/toast';
import type { CartLine } from '../../lib/storage/account-tables';
import { i18n } from '../../i18n/i18n';

/**
 * What the server changed in the shopper's cart, kept on the panel until dismissed (docs/architecture.md): in local
 * storage, so a reload keeps it (docs/product.md#buy-again-and-order-again); signing out clears local storage.
 */
export const cartNoticesAtom = atomWithStorage<string[]>('haat.cartNotices', [], undefined, { getOnInit: true });

function changeText(change: CartSyncChange, name: string): string {
  switch (change.reason) {
    case 'out_of_stock':
      return i18n.t('cart:notice.outOfStock', { name });
    case 'clamped':
      return i18n.t('cart:notice.clamped', { name, count: change.applied });
    case 'limited':
      return i18n.t('cart:notice.limited', { name, count: change.applied });
    case 'product_gone':
      return i18n.t('cart:notice.gone', { name });
  }
}

/** A line's name as the shopper chose it: the product, and the variant in brackets. */
export function lineName(line: Pick<CartLine, 'product' | 'variant'>): string {
  return line.variant ? `${line.product.name} (${line.variant.name})` : line.product.name;
}

/** Tells the shopper, never silently, the stock changes the server reported and the prices that moved; `before` by line key. */
export function announceCartChanges(changes: CartSyncChange[], before: ReadonlyMap<string, CartLine>, after: CartLine[]): void {
  const notes = changes.map((c) => {
    const line = before.get(cartLineKey(c.productId, c.variantId));
    return changeText(c, line ? lineName(line) : i18n.t('cart:notice.anItem'));
  });
  for (const line of after) {
    const old = before.get(line.key)?.product;
    if (!old) continue;
    const was = discountedPrice(old.price, old.discount);
    const now = discountedPrice(line.product.price, line.product.discount);
    if (was !== now) notes.push(i18n.t('cart:notice.price', { name: lineName(line), was: formatMoney(was), now: formatMoney(now) }));
  }
  if (notes.length === 0) return;
  notes.forEach((n) => toast.plain(n));
  getDefaultStore().set(cartNoticesAtom, (list) => [...list, ...notes].slice(-10));
}
