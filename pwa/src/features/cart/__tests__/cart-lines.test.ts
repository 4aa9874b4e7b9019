import { describe, expect, it } from 'vitest';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import type { CartLine } from '../../../lib/storage/account-tables';
import type { OutboxEntry } from '../../../lib/storage/outbox';
import type { CartSyncRequest } from '@haat/shared/cart/cart.schema';
import { cartTotals, mergeQuantities, overlayPending } from '../cart-lines';

const product = (id: string, price: number, discount = 0): CartProduct => ({ _id: id, name: `P ${id}`, image: [], unit: '1 pc', price, discount, stock: 50 });
const line = (id: string, quantity: number, price = 100, discount = 0): CartLine => ({
  key: id,
  productId: id,
  quantity,
  product: product(id, price, discount),
});
const entry = (key: string, items: CartSyncRequest['items']): OutboxEntry<CartSyncRequest> => ({
  key,
  op: 'cart.sync',
  body: { items },
  createdAt: '',
  attempts: 0,
});

describe('cart totals (docs/product.md#screens, Bill details, #rules-and-limits pricing)', () => {
  it('sums undiscounted and discounted line totals, units and savings', () => {
    // 999 at 15% costs 849 (ceil of 149.85 is 150); 99.99 without discount.
    const totals = cartTotals([line('a', 2, 999, 15), line('b', 3, 99.99)]);
    expect(totals).toEqual({ itemsTotal: 2297.97, grandTotal: 1997.97, savings: 300, quantityTotal: 5 });
  });

  it('is all zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ itemsTotal: 0, grandTotal: 0, savings: 0, quantityTotal: 0 });
  });
});

describe('queued cart changes', () => {
  it('merge into one absolute quantity per product, the last change winning', () => {
    const merged = mergeQuantities([
      entry('1', [{ productId: 'a', quantity: 1 }]),
      entry('2', [{ productId: 'b', quantity: 2 }]),
      entry('3', [{ productId: 'a', quantity: 0 }]),
    ]);
    expect(merged).toEqual([
      { productId: 'a', variantId: null, quantity: 0 },
      { productId: 'b', variantId: null, quantity: 2 },
    ]);
  });

  it('keep one product in two variants apart, each with its own last word and its variantId', () => {
    const merged = mergeQuantities([
      entry('1', [{ productId: 'rice', variantId: 'kg5', quantity: 1 }]),
      entry('2', [{ productId: 'rice', variantId: 'kg1', quantity: 4 }]),
      entry('3', [{ productId: 'rice', variantId: 'kg5', quantity: 2 }]),
    ]);
    expect(merged).toEqual([
      { productId: 'rice', variantId: 'kg5', quantity: 2 },
      { productId: 'rice', variantId: 'kg1', quantity: 4 },
    ]);
  });

  it('lay a variant change on its own line, leaving the other variant of the product alone', () => {
    const sack: CartLine = { ...line('rice', 1, 5000), key: 'rice:kg5', variantId: 'kg5', variant: { _id: 'kg5', name: '5 kg' } };
    const pack: CartLine = { ...line('rice', 2, 100), key: 'rice:kg1', variantId: 'kg1', variant: { _id: 'kg1', name: '1 kg' } };
    const result = overlayPending([sack, pack], [entry('k', [{ productId: 'rice', variantId: 'kg5', quantity: 0 }])], new Map());
    expect(result.map((l) => [l.key, l.quantity, l.product.price])).toEqual([['rice:kg1', 2, 100]]);
  });

  it('lie on top of the server cart so newer taps are never undone by an older answer', () => {
    const server = [line('a', 1, 120), line('b', 5)];
    const known = new Map([
      ['c', line('c', 1, 40)],
      ['a', { ...line('a', 9, 100), addedAt: 7 }],
    ]);
    const result = overlayPending(
      server,
      [
        entry('k', [
          { productId: 'b', quantity: 0 },
          { productId: 'c', quantity: 2 },
          { productId: 'a', quantity: 3 },
        ]),
      ],
      known,
    );
    expect(result.map((l) => [l.productId, l.quantity, l.product.price])).toEqual([
      ['a', 3, 120],
      ['c', 2, 40],
    ]);
    expect(result[0]!.addedAt).toBe(7);
  });
});
