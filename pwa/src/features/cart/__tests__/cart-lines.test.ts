import { describe, expect, it } from 'vitest';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import type { CartLine } from '../../../lib/storage/account-tables';
import type { OutboxEntry } from '../../../lib/storage/outbox';
import type { CartSyncRequest } from '@haat/shared/cart/cart.schema';
import { cartTotals } from '../cart-lines';
import { mergeQuantities } from '../cart-sync';

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
});
