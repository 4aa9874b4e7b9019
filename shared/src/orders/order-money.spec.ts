import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadDiscount, taxLines } from '../invoices/invoice-lines.js';
import { paise, sum } from '../money/paise.js';
import { addRupees, lineSubtotal, totalAfterCoupon, totalsOf } from '../money/pricing.js';
import { couponDiscount, type CouponTerms } from '../promotions/coupon.rules.js';
import { returnAmount } from './returns.js';

/**
 * The sums an accountant checks, over random carts, coupons and partial returns (docs/decisions/0250-money-in-integer-paise.md):
 * the invoice adds up to the order's total and its CGST and SGST columns agree, a line's units returned in any
 * chunks give back exactly what was paid for it, and credit notes never exceed their invoice.
 */
const line = fc.record({
  price: fc.integer({ min: 1, max: 2_000_000 }).map((p) => p / 100),
  discount: fc.integer({ min: 0, max: 90 }),
  quantity: fc.integer({ min: 1, max: 10 }),
  rate: fc.constantFrom(0, 5, 12, 18, 28),
});
const coupon = fc.option(
  fc.oneof(
    fc.record({
      type: fc.constant('percent' as const),
      value: fc.integer({ min: 1, max: 10_000 }).map((v) => v / 100),
      maxDiscount: fc.option(fc.integer({ min: 1, max: 5000 })),
    }),
    fc.record({ type: fc.constant('flat' as const), value: fc.integer({ min: 1, max: 500_000 }).map((v) => v / 100), maxDiscount: fc.constant(null) }),
  ),
);
/** For each unit of a line, which return asks for it (returns ask in chunks) and whether that return is rejected. */
const returns = fc.array(fc.record({ chunk: fc.integer({ min: 1, max: 4 }), rejected: fc.boolean() }), { maxLength: 12 });

const at = new Date('2026-06-01T00:00:00Z');
const terms = (c: { type: 'percent' | 'flat'; value: number; maxDiscount: number | null }): CouponTerms => ({
  code: 'TEST',
  ...c,
  minOrder: null,
  startsAt: new Date(0),
  endsAt: new Date('2100-01-01'),
  active: true,
});

describe('money over random orders', () => {
  it('adds up on the invoice, every return and every credit note, in both states and across', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), coupon, returns, fc.boolean(), (lines, c, asks, intraState) => {
        const totals = totalsOf(lines);
        const discount = c ? (couponDiscount(terms(c), totals.grandTotal, at) as { discount: number }).discount : 0;
        const orderTotal = totalAfterCoupon(totals.grandTotal, discount);
        const paid = spreadDiscount(lines.map(lineSubtotal), discount);
        expect(addRupees(paid)).toBe(orderTotal);

        const invoice = taxLines(
          lines.map((l, i) => ({ name: `L${i}`, hsn: '', quantity: l.quantity, rate: l.rate, total: paid[i]! })),
          intraState,
        );
        expect(invoice.totals.total).toBe(orderTotal);
        expect(invoice.totals.cgst).toBe(invoice.totals.sgst);
        for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
          expect(paise(invoice.totals[key])).toBe(sum(invoice.lines.map((l) => paise(l[key]))));
        }
        for (const l of invoice.lines) expect(paise(l.taxable) + paise(l.cgst) + paise(l.sgst) + paise(l.igst)).toBe(paise(l.total));

        // Returns of each line in chunks, some rejected (their units can be asked again), until every unit is back.
        let credited = 0;
        lines.forEach((l, i) => {
          let earlier = { units: 0, amount: 0 };
          let step = 0;
          while (earlier.units < l.quantity) {
            const ask = asks[step++ % Math.max(asks.length, 1)] ?? { chunk: 1, rejected: false };
            const units = Math.min(ask.chunk, l.quantity - earlier.units);
            const amount = returnAmount({ paid: paid[i]!, quantity: l.quantity }, earlier, units);
            expect(amount).toBeGreaterThanOrEqual(0);
            if (ask.rejected && step < 40) continue;
            earlier = { units: earlier.units + units, amount: addRupees([earlier.amount, amount]) };
            expect(earlier.amount).toBeLessThanOrEqual(paid[i]!);
            const note = taxLines([{ name: `L${i}`, hsn: '', quantity: units, rate: l.rate, total: amount }], intraState);
            expect(note.totals.cgst).toBe(note.totals.sgst);
            credited = addRupees([credited, note.totals.total]);
          }
          expect(earlier.amount).toBe(paid[i]);
        });
        expect(credited).toBe(invoice.totals.total);
      }),
      { numRuns: 300 },
    );
    // 300 random orders take about a second alone; on a 2-core machine shared with the journeys and the API's
    // tests they took over vitest's 5 s default once in CI.
  }, 30_000);

  it('gives back ₹299.00 for three one-unit returns of a line paid ₹299.00', () => {
    const got: number[] = [];
    let earlier = { units: 0, amount: 0 };
    for (let i = 0; i < 3; i++) {
      const amount = returnAmount({ paid: 299, quantity: 3 }, earlier, 1);
      got.push(amount);
      earlier = { units: earlier.units + 1, amount: addRupees([earlier.amount, amount]) };
    }
    expect(got).toEqual([99.67, 99.67, 99.66]);
    expect(addRupees(got)).toBe(299);
  });
});
