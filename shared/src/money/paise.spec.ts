import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, decimalText, firstUnits, gstOf, paise, percentOf, rupees, salePrice, split, sum, type Paise } from './paise.js';

const amount = (max = 10_000_000) => fc.integer({ min: 0, max }).map((n) => n as Paise);

describe('paise.ts, the one owner of money', () => {
  it('reads rupees from the wire exactly, and writes them back', () => {
    expect(paise(0.1 + 0.2)).toBe(30);
    expect(paise(1.005)).toBe(101);
    expect(paise(299)).toBe(29_900);
    expect(paise(-1.005)).toBe(-101);
    fc.assert(fc.property(amount(), (p) => paise(rupees(p)) === p));
  });

  it('splits ₹299.00 in three as 99.67 + 99.67 + 99.66', () => {
    expect(split(paise(299), 3).map(rupees)).toEqual([99.67, 99.67, 99.66]);
  });

  it('splits any amount into parts that add up, largest first, at most a paisa apart', () => {
    fc.assert(
      fc.property(amount(), fc.integer({ min: 1, max: 50 }), (total, n) => {
        const parts = split(total, n);
        expect(sum(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect([...parts].sort((a, b) => b - a)).toEqual(parts);
        expect(firstUnits(total, n, n)).toBe(total);
      }),
    );
  });

  it('allocates an amount by weights so the shares add up and none exceeds its weight', () => {
    fc.assert(
      fc.property(fc.array(amount(1_000_000), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 100 }), (weights, pct) => {
        const whole = sum(weights);
        const total = percentOf(whole, pct);
        const shares = allocate(total, weights);
        expect(sum(shares)).toBe(whole === 0 ? 0 : total);
        shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
      }),
    );
  });

  it('splits GST so CGST and SGST are equal and everything adds up to what was paid', () => {
    fc.assert(
      fc.property(amount(), fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28), fc.boolean(), (total, rate, intra) => {
        const g = gstOf(total, rate, intra);
        expect(g.taxable + g.cgst + g.sgst + g.igst).toBe(total);
        expect(g.cgst).toBe(g.sgst);
        if (!intra) expect(g.cgst).toBe(0);
        else expect(g.igst).toBe(0);
        expect(g.taxable).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('rounds the catalogue discount up to a whole rupee, on integers', () => {
    expect(rupees(salePrice(paise(999), 15))).toBe(849);
    expect(rupees(salePrice(paise(99.5), 10))).toBe(89.5);
    expect(rupees(salePrice(paise(1), 50))).toBe(0);
    expect(rupees(salePrice(paise(100), 150))).toBe(0);
  });

  it('writes an amount as ONDC carries it: two decimal places, read back as the same paise', () => {
    expect(decimalText(paise(299))).toBe('299.00');
    expect(decimalText(paise(0.5))).toBe('0.50');
    expect(decimalText(paise(-12.3))).toBe('-12.30');
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (n) => paise(Number(decimalText(n as Paise))) === n));
  });
});
