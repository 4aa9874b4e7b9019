import { describe, expect, it } from 'vitest';
import { cartLineSubtotal, lineLimitReached, lineMax, syncDecision } from './cart.rules.js';

describe('syncDecision', () => {
  it('applies what was asked when stock allows', () => {
    expect(syncDecision(3, { stock: 5 })).toEqual({ applied: 3 });
    expect(syncDecision(5, { stock: 5 })).toEqual({ applied: 5 });
  });
  it('clamps to stock and says so', () => {
    expect(syncDecision(9, { stock: 4 })).toEqual({ applied: 4, reason: 'clamped' });
  });
  it('keeps to the most one order may hold, and says which limit it was', () => {
    expect(syncDecision(12, { stock: 40, maxPerOrder: 10 })).toEqual({ applied: 10, reason: 'limited' });
    expect(syncDecision(12, { stock: 6, maxPerOrder: 10 })).toEqual({ applied: 6, reason: 'clamped' });
    expect(syncDecision(10, { stock: 40, maxPerOrder: 10 })).toEqual({ applied: 10 });
  });
  it('removes lines of products out of stock or gone', () => {
    expect(syncDecision(2, { stock: 0 })).toEqual({ applied: 0, reason: 'out_of_stock' });
    expect(syncDecision(2, null)).toEqual({ applied: 0, reason: 'product_gone' });
  });
  it('always honours a removal', () => {
    expect(syncDecision(0, null)).toEqual({ applied: 0 });
    expect(syncDecision(0, { stock: 0 })).toEqual({ applied: 0 });
  });
});

describe('cartLineSubtotal', () => {
  it('uses the discounted price (ceil of the discount) times quantity', () => {
    // 199 with 15 % off: discount ceil(29.85) = 30, so 169 each.
    expect(cartLineSubtotal({ price: 199, discount: 15 }, 3)).toBe(507);
  });
});

describe('lineMax and lineLimitReached', () => {
  it('is the lesser of the stock and the per-order limit, 10 when the limit is unknown', () => {
    expect(lineMax({ stock: 40 })).toBe(10);
    expect(lineMax({ stock: 40, maxPerOrder: 25 })).toBe(25);
    expect(lineMax({ stock: 3, maxPerOrder: 10 })).toBe(3);
    expect(lineMax({ stock: -2, maxPerOrder: 10 })).toBe(0);
  });
  it('names the limit that stops a line, and none below it', () => {
    expect(lineLimitReached({ stock: 40, maxPerOrder: 10 }, 9)).toBeNull();
    expect(lineLimitReached({ stock: 40, maxPerOrder: 10 }, 10)).toBe('limit');
    expect(lineLimitReached({ stock: 3, maxPerOrder: 10 }, 3)).toBe('stock');
    expect(lineLimitReached({ stock: 10, maxPerOrder: 10 }, 10)).toBe('limit');
    expect(lineLimitReached({ stock: 0 }, 0)).toBe('stock');
  });
});
