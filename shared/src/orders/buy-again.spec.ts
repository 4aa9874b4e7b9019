import { describe, expect, it } from 'vitest';
import { BUY_AGAIN_CAP, buyAgainProducts, rankBoughtUnits, unitToday, type BoughtOrder, type ProductToday } from './buy-again.js';
import { orderAgainDecision } from '../cart/order-again.js';
import type { OrderStage, PaymentStatus } from './order-stages.js';

const day = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString();

/** An order that reached `stages` (the last on day `on`), holding these product ids ('p1:v1' for an option). */
function order(stages: OrderStage[], on: number, ...units: string[]): BoughtOrder {
  const last = stages.at(-1);
  const paymentStatus: PaymentStatus = last === 'DELIVERED' ? 'COMPLETED' : last === 'CANCELLED' ? 'CANCELLED' : 'CASH ON DELIVERY';
  return {
    facts: { fulfilment: 'warehouse', paymentStatus, statusHistory: stages.map((status, i) => ({ status, updatedAt: day(on - stages.length + 1 + i) })) },
    updatedAt: day(on),
    lines: units.map((u) => {
      const [productId, variantId] = u.split(':');
      return { productId: productId!, variantId: variantId ?? null };
    }),
  };
}
const delivered = (on: number, ...units: string[]) => order(['PLACED', 'SHIPPED', 'DELIVERED'], on, ...units);

describe('rankBoughtUnits', () => {
  it('puts the unit in most delivered orders first, then the most recently delivered', () => {
    const ranked = rankBoughtUnits([delivered(3, 'a', 'b'), delivered(5, 'b', 'c'), delivered(9, 'd'), delivered(4, 'a')]);
    // a and b are in two orders each, b's latest delivered on day 5 and a's on day 4; d (day 9) before c (day 5).
    expect(ranked.map((u) => [u.productId, u.orders, u.lastDeliveredAt])).toEqual([
      ['b', 2, day(5)],
      ['a', 2, day(4)],
      ['d', 1, day(9)],
      ['c', 1, day(5)],
    ]);
  });

  it('orders equal counts by the latest delivery, not by when the order was placed', () => {
    const ranked = rankBoughtUnits([delivered(10, 'old'), delivered(20, 'new')]);
    expect(ranked.map((u) => u.productId)).toEqual(['new', 'old']);
    expect(ranked[0]!.lastDeliveredAt).toBe(day(20));
  });

  it('counts an order once per unit, and an option apart from its product', () => {
    const ranked = rankBoughtUnits([delivered(2, 'a', 'a', 'a:v1'), delivered(3, 'a:v1')]);
    expect(ranked.map((u) => [u.productId, u.variantId, u.orders])).toEqual([
      ['a', 'v1', 2],
      ['a', null, 1],
    ]);
  });

  it('reads only delivered orders', () => {
    const ranked = rankBoughtUnits([
      order(['PLACED'], 2, 'placed'),
      order(['PLACED', 'SHIPPED'], 3, 'shipped'),
      order(['PLACED', 'CANCELLED'], 4, 'cancelled'),
      { ...order([], 5, 'awaiting'), facts: { paymentStatus: 'AWAITING_PAYMENT', statusHistory: [] } },
      delivered(1, 'kept'),
    ]);
    expect(ranked.map((u) => u.productId)).toEqual(['kept']);
  });

  it('leaves out lines whose product or option was deleted', () => {
    const gone = delivered(2, 'a');
    const withGone: BoughtOrder = {
      ...gone,
      lines: [{ productId: null, variantId: null }, { productId: 'b', variantId: null, variantName: 'Red' }, ...gone.lines],
    };
    expect(rankBoughtUnits([withGone]).map((u) => u.productId)).toEqual(['a']);
  });
});

const product = (id: string, extra: Partial<ProductToday> = {}): ProductToday => ({
  _id: id,
  name: id,
  image: [`${id}.webp`],
  unit: '1 pc',
  price: 100,
  discount: 10,
  stock: 5,
  maxPerOrder: 10,
  variants: [],
  ...extra,
});

describe('buyAgainProducts', () => {
  it("shows today's price and stock, sold out as such, and leaves out what is no longer sold", () => {
    const ranked = rankBoughtUnits([delivered(5, 'sold-out', 'gone', 'a:v1', 'a:v2', 'b')]);
    const today = new Map([
      ['sold-out', product('sold-out', { stock: 0 })],
      ['a', product('a', { variants: [{ _id: 'v1', name: 'Large', price: 250, stock: 3 }] })],
      ['b', product('b', { variants: [{ _id: 'v9', name: 'New option' }] })],
    ]);
    const shown = buyAgainProducts(ranked, (u) => today.get(u.productId));
    expect(shown.map((p) => [p._id, p.variant?._id ?? null, p.price, p.stock, p.inStock])).toEqual([
      ['a', 'v1', 250, 3, true],
      ['sold-out', null, 100, 0, false],
    ]);
  });

  it(`shows at most ${BUY_AGAIN_CAP}`, () => {
    const ids = Array.from({ length: BUY_AGAIN_CAP + 5 }, (_, i) => `p${i}`);
    const shown = buyAgainProducts(rankBoughtUnits([delivered(3, ...ids)]), (u) => product(u.productId));
    expect(shown).toHaveLength(BUY_AGAIN_CAP);
  });

  it('keeps the option bought and its own figures', () => {
    const item = unitToday(product('a', { variants: [{ _id: 'v1', name: 'Large', stock: 0 }] }), {
      productId: 'a',
      variantId: 'v1',
      orders: 1,
      lastDeliveredAt: day(1),
    });
    expect(item).toMatchObject({ variant: { _id: 'v1', name: 'Large' }, stock: 0, inStock: false, price: 100 });
  });
});

describe('orderAgainDecision', () => {
  it('adds every unit when stock and the limit allow', () => {
    expect(orderAgainDecision(1, 2, { stock: 5, maxPerOrder: 10 })).toEqual({ quantity: 3, added: 2 });
  });
  it('adds what there is when stock is short, and says so', () => {
    expect(orderAgainDecision(0, 4, { stock: 3, maxPerOrder: 10 })).toEqual({ quantity: 3, added: 3, reason: 'clamped' });
  });
  it('stops at the purchase limit', () => {
    expect(orderAgainDecision(2, 4, { stock: 50, maxPerOrder: 3 })).toEqual({ quantity: 3, added: 1, reason: 'limited' });
  });
  it('leaves out a sold-out or gone product, never cutting the line the cart holds', () => {
    expect(orderAgainDecision(0, 2, { stock: 0, maxPerOrder: 3 })).toEqual({ quantity: 0, added: 0, reason: 'out_of_stock' });
    expect(orderAgainDecision(0, 2, null)).toEqual({ quantity: 0, added: 0, reason: 'product_gone' });
    expect(orderAgainDecision(4, 1, { stock: 2, maxPerOrder: 10 })).toEqual({ quantity: 4, added: 0, reason: 'clamped' });
  });
});
