import { describe, expect, it } from 'vitest';
import { discountAmount, discountedPrice, lineSubtotal, totalsOf } from './pricing.js';
import { formatInr } from './inr.js';

describe('docs/product.md#rules-and-limits pricing', () => {
  it.each([
    // price, discount %, discounted price
    [100, 0, 100],
    [100, 10, 90],
    [999, 15, 849], // 149.85 rounds up to 150
    [499, 33, 334], // 164.67 → 165
    [1, 50, 0], // 0.5 → 1
    [250, 70, 75],
    [120, undefined, 120],
    [99.5, 10, 89.5], // 9.95 → 10
  ])('price %d with %s%% off costs %d', (price, discount, expected) => {
    expect(discountedPrice(price, discount)).toBe(expected);
  });

  it('rounds the discount amount up, never down', () => {
    expect(discountAmount(999, 15)).toBe(150);
    expect(discountAmount(100, 0)).toBe(0);
  });

  it('clamps nonsense discounts', () => {
    expect(discountedPrice(100, -5)).toBe(100);
    expect(discountedPrice(100, 150)).toBe(0);
  });

  it('totals lines to two decimals', () => {
    const lines = [
      { price: 999, discount: 15, quantity: 2 },
      { price: 99.99, discount: 0, quantity: 3 },
    ];
    expect(lineSubtotal(lines[0]!)).toBe(1698);
    expect(totalsOf(lines)).toEqual({ itemsTotal: 2297.97, grandTotal: 1997.97, savings: 300, quantityTotal: 5 });
  });

  it('formats rupees the Indian way', () => {
    expect(formatInr(123456.5)).toBe('₹1,23,456.50');
  });
});
