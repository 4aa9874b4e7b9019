import { describe, expect, it } from 'vitest';
import { IdempotencyKey } from '../common/idempotency-key.js';
import { PlaceOrderBody, UpdateOrderStatusBody } from './order.schema.js';

describe('order payloads (docs/product.md#api)', () => {
  it('takes cart items with a populated productId and either address or addressId', () => {
    const cod = PlaceOrderBody.parse({ list_items: [{ _id: 'c1', productId: { _id: 'P1', name: 'x' }, quantity: 2 }], totalAmt: 10, address: 'A1' });
    expect(cod).toEqual({ items: [{ productId: 'P1', variantId: null, quantity: 2 }], totalAmt: 10, subTotalAmt: undefined, addressId: 'A1' });
    const card = PlaceOrderBody.parse({ list_items: [{ productId: 'P1', quantity: '3' }], totalAmt: 10, subTotalAmt: 10, addressId: { _id: 'A2' } });
    expect(card.addressId).toBe('A2');
    expect(card.items[0]?.quantity).toBe(3);
  });

  it('carries the chosen variant of a line, and refuses a malformed one', () => {
    const body = PlaceOrderBody.parse({ list_items: [{ productId: { _id: 'P1' }, variantId: 'V5', quantity: 1 }], totalAmt: 10, address: 'A1' });
    expect(body.items).toEqual([{ productId: 'P1', variantId: 'V5', quantity: 1 }]);
    const bad = PlaceOrderBody.safeParse({ list_items: [{ productId: 'P1', variantId: 'no such!', quantity: 1 }], totalAmt: 1, address: 'A' });
    expect(bad.error?.issues[0]?.path).toEqual(['list_items', 0, 'variantId']);
  });

  it('names the field at fault', () => {
    const noAddress = PlaceOrderBody.safeParse({ list_items: [{ productId: 'P1', quantity: 1 }], totalAmt: 1 });
    expect(noAddress.success).toBe(false);
    expect(noAddress.error?.issues[0]?.path).toEqual(['addressId']);
    const empty = PlaceOrderBody.safeParse({ list_items: [], totalAmt: 1, address: 'A' });
    expect(empty.error?.issues[0]?.path).toEqual(['list_items']);
    const zero = PlaceOrderBody.safeParse({ list_items: [{ productId: 'P1', quantity: 0 }], totalAmt: 1, address: 'A' });
    expect(zero.error?.issues[0]?.path).toEqual(['list_items', 0, 'quantity']);
    expect(UpdateOrderStatusBody.safeParse({ orderId: 'HT1', status: 'LOST' }).success).toBe(false);
  });

  it('accepts only sane idempotency keys', () => {
    expect(IdempotencyKey.safeParse('01J9ZK2W3X4Y5Z6A7B8C9D0E1F').success).toBe(true);
    expect(IdempotencyKey.safeParse('').success).toBe(false);
    expect(IdempotencyKey.safeParse('x'.repeat(201)).success).toBe(false);
    expect(IdempotencyKey.safeParse('has a space in it').success).toBe(false);
  });
});
