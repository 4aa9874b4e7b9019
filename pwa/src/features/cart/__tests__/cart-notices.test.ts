import { afterEach, describe, expect, it } from 'vitest';
import { getDefaultStore } from 'jotai';
import type { CartSyncChange } from '@haat/shared/cart/cart.types';
import { announceCartChanges, cartNoticesAtom } from '../cart-notices';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { CartLine } from '../../../lib/storage/account-tables';

const store = getDefaultStore();

function line(productId: string, name: string): CartLine {
  return {
    key: cartLineKey(productId, null),
    productId,
    product: { _id: productId, name, image: [], unit: '1 pc', price: 100, discount: 0, stock: 50 },
    variant: null,
    quantity: 12,
  };
}

describe('what the shopper is told when the server changed a synced cart', () => {
  afterEach(() => store.set(cartNoticesAtom, []));

  it('names the per-order limit when that is what cut the quantity, and the stock when the stock did', () => {
    const lamp = line('p1', 'Desk Lamp');
    const mug = line('p2', 'Tea Mug');
    const changes: CartSyncChange[] = [
      { productId: 'p1', variantId: null, reason: 'limited', requested: 12, applied: 10 },
      { productId: 'p2', variantId: null, reason: 'clamped', requested: 12, applied: 3 },
    ];
    announceCartChanges(
      changes,
      new Map([
        [lamp.key, lamp],
        [mug.key, mug],
      ]),
      [],
    );
    expect(store.get(cartNoticesAtom)).toEqual([
      'You can buy at most 10 of Desk Lamp in one order: your quantity is now 10.',
      'Only 3 of Tea Mug left in stock: your quantity is now 3.',
    ]);
  });
});
