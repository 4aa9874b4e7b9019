import { describe, expect, it } from 'vitest';
import { cartLineKey } from './variant.rules.js';
import { sellingUnit } from './selling-unit.js';

const product = { price: 100, stock: 7, image: ['/p.webp'] };

describe('sellingUnit', () => {
  it('is the product itself without a variant', () => {
    expect(sellingUnit(product, null)).toEqual({ price: 100, stock: 7, image: ['/p.webp'] });
  });
  it('takes price, stock and images from the variant where it has them', () => {
    expect(sellingUnit(product, { _id: 'v', name: '5 kg', price: 5000, stock: 2, image: ['/v.webp'] })).toEqual({
      price: 5000,
      stock: 2,
      image: ['/v.webp'],
    });
  });
  it('falls back to the product for what the variant leaves out', () => {
    expect(sellingUnit(product, { _id: 'v', name: 'M', image: [] })).toEqual({ price: 100, stock: 7, image: ['/p.webp'] });
    expect(sellingUnit(product, { _id: 'v', name: 'M', stock: 0 })).toMatchObject({ price: 100, stock: 0 });
  });
});

describe('cartLineKey', () => {
  it('tells the same product in two variants apart', () => {
    expect(cartLineKey('p1')).toBe('p1');
    expect(cartLineKey('p1', null)).toBe('p1');
    expect(cartLineKey('p1', 'v1')).not.toBe(cartLineKey('p1', 'v2'));
  });
});
