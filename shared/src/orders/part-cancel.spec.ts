import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadDiscount } from '../invoices/invoice-lines.js';
import { addRupees } from '../money/pricing.js';
import { partCancelMoney, partCancelSums } from './part-cancel.js';

describe('cancelling part of an order', () => {
  it('is possible before the order leaves the shop, once its payment is in or owed in cash', () => {
    const at = (status: string | null, payment_status: string, payment_method = 'COD') =>
      partCancelMoney({ status, payment_status, payment_method } as Parameters<typeof partCancelMoney>[0]);
    expect(at('PLACED', 'CASH ON DELIVERY')).toBe('lessAtDoor');
    expect(at('PACKED', 'PAID', 'CARD')).toBe('refundCard');
    expect(at('CONFIRMED', 'PAID', 'NETWORK')).toBe('byNetwork');
    expect(at(null, 'AWAITING_PAYMENT', 'CARD')).toBeNull();
    expect(at('PLACED', 'AWAITING_PAYMENT', 'CARD')).toBeNull();
    for (const gone of ['READY_FOR_PICKUP', 'AGENT_ASSIGNED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED'])
      expect(at(gone, 'CASH ON DELIVERY')).toBeNull();
  });

  it('takes off what the units were paid, to the paisa: the new total is the old less the amounts, and what is left is worth what it was paid', () => {
    const line = fc.record({ unitPrice: fc.integer({ min: 1, max: 500_000 }).map((p) => p / 100), quantity: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.nat(100),
        fc.nat(5_000),
        fc.array(fc.nat(9), { minLength: 6, maxLength: 6 }),
        (raw, couponPercent, fee, picks) => {
          const lines = raw.map((l) => ({ ...l, subTotalAmt: addRupees(Array.from({ length: l.quantity }, () => l.unitPrice)) }));
          const subTotalAmt = addRupees(lines.map((l) => l.subTotalAmt));
          const discountAmt = Math.floor(subTotalAmt * couponPercent) / 100;
          const totalAmt = addRupees([subTotalAmt, -discountAmt, fee]);
          const units = lines.map((l, i) => Math.min(picks[i]!, l.quantity));
          const after = partCancelSums({ subTotalAmt, discountAmt, totalAmt }, lines, units);
          expect(after.amount).toBe(addRupees(after.amounts));
          expect(after.totalAmt).toBe(addRupees([totalAmt, -after.amount]));
          expect(after.totalAmt).toBe(addRupees([after.subTotalAmt, -after.discountAmt, fee]));
          expect(after.discountAmt).toBeGreaterThanOrEqual(0);
          // Each unit taken off is worth at most what its line's units were paid on average, rounded to a paisa.
          const paidBefore = spreadDiscount(
            lines.map((l) => l.subTotalAmt),
            discountAmt,
          );
          lines.forEach((l, i) => expect(after.amounts[i]).toBeLessThanOrEqual(paidBefore[i]!));
          // Units left keep what they were paid: their share of the coupon is the discount left.
          const kept = units.map((u, i) => addRupees([paidBefore[i]!, -after.amounts[i]!]));
          expect(addRupees(kept)).toBe(addRupees([after.subTotalAmt, -after.discountAmt]));
        },
      ),
    );
  });
});
