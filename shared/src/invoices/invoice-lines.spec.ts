import { describe, expect, it } from 'vitest';
import { sameState } from '../addresses/same-state.js';
import { DOCUMENT_NUMBER_MAX, documentNumber, financialYear, spreadDiscount, taxLines } from './invoice-lines.js';

const line = (total: number, rate: number, quantity = 1) => ({ name: 'x', hsn: '8518', quantity, rate, total });

describe('taxLines', () => {
  it('splits an 18 % line within the state into equal halves of CGST and SGST', () => {
    const { lines, totals } = taxLines([line(1180, 18)], true);
    expect(lines[0]).toMatchObject({ taxable: 1000, cgst: 90, sgst: 90, igst: 0, total: 1180 });
    expect(totals).toEqual({ taxable: 1000, cgst: 90, sgst: 90, igst: 0, total: 1180 });
  });

  it('puts the whole tax in IGST for another state', () => {
    const { lines } = taxLines([line(1180, 18)], false);
    expect(lines[0]).toMatchObject({ taxable: 1000, cgst: 0, sgst: 0, igst: 180 });
  });

  it('has no tax at 0 % (books)', () => {
    const { lines } = taxLines([line(499, 0)], true);
    expect(lines[0]).toMatchObject({ taxable: 499, cgst: 0, sgst: 0, igst: 0, total: 499 });
  });

  it.each([
    [5, true],
    [5, false],
    [12, true],
    [12, false],
    [18, true],
    [18, false],
    [28, true],
  ])('adds up to the paisa at %i %% (within the state: $1) for awkward prices', (rate, intra) => {
    for (const total of [0.01, 0.03, 1, 99.99, 333.33, 1234.57, 79999]) {
      const { lines, totals } = taxLines([line(total, rate), line(total / 3, rate)], intra);
      for (const l of lines) expect(Math.round((l.taxable + l.cgst + l.sgst + l.igst) * 100)).toBe(Math.round(l.total * 100));
      expect(Math.round((totals.taxable + totals.cgst + totals.sgst + totals.igst) * 100)).toBe(Math.round(totals.total * 100));
      if (intra) for (const l of lines) expect(Math.abs(Math.round(l.cgst * 100) - Math.round(l.sgst * 100))).toBeLessThanOrEqual(1);
    }
  });

  it('keeps mixed rates apart line by line and sums them', () => {
    const { lines, totals } = taxLines([line(1120, 12), line(105, 5), line(300, 0)], true);
    expect(lines.map((l) => l.taxable)).toEqual([1000, 100, 300]);
    expect(totals).toEqual({ taxable: 1400, cgst: 62.5, sgst: 62.5, igst: 0, total: 1525 });
  });
});

describe('financial years and numbers', () => {
  it('runs April to March in India', () => {
    expect(financialYear(new Date('2026-03-31T18:29:00Z'))).toBe('2025-26'); // 23:59 on 31 March in India
    expect(financialYear(new Date('2026-03-31T18:31:00Z'))).toBe('2026-27'); // 00:01 on 1 April in India
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers a document in its series', () => {
    expect(documentNumber('HT', '2026-27', 123)).toBe('HT/26-27/000123');
    // Within the 16 characters the portal takes, a credit note's too, up to millions a year.
    expect(documentNumber('CN', '2026-27', 9_999_999).length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX);
    expect(sameState(' karnataka', 'Karnataka')).toBe(true);
  });
});

describe('spreadDiscount', () => {
  it('spreads a discount over the lines in proportion, adding up to the paisa', () => {
    expect(spreadDiscount([1000, 500], 150)).toEqual([900, 450]);
    const spread = spreadDiscount([333.33, 333.33, 333.34], 100);
    expect(Math.round(spread.reduce((a, b) => a + b, 0) * 100)).toBe(90000);
    for (const line of spread) expect(line).toBeGreaterThan(299.99);
    expect(spreadDiscount([10, 20], 0)).toEqual([10, 20]);
    expect(spreadDiscount([10, 20], 50)).toEqual([0, 0]);
  });
});
