import type { InvoiceLine, InvoiceTotals } from './invoice-document.js';

/** What was paid for one line (GST-inclusive, in rupees) and at which GST rate. */
export interface PaidLine {
  name: string;
  hsn: string;
  quantity: number;
  rate: number;
  total: number;
}

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

/** Same state names compare equal whatever their case and spacing ("karnataka " is Karnataka). */
export function sameState(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/**
 * Splits each GST-inclusive line into its taxable value and tax, in paise so nothing is lost:
 * taxable = round(total ÷ (1 + rate)), tax = total − taxable; within the shop's state the tax is
 * CGST + SGST (CGST the rounded half, SGST the rest), to another state IGST. So every line, and the
 * document, adds up to what was paid to the paisa.
 */
export function taxLines(paid: readonly PaidLine[], intraState: boolean): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = paid.map((line) => {
    const total = paise(line.total);
    const taxable = Math.round((total * 100) / (100 + line.rate));
    const tax = total - taxable;
    const cgst = intraState ? Math.round(tax / 2) : 0;
    const sgst = intraState ? tax - cgst : 0;
    const igst = intraState ? 0 : tax;
    return { line, total, taxable, cgst, sgst, igst };
  });
  const sum = (pick: (l: (typeof lines)[number]) => number) => rupees(lines.reduce((s, l) => s + pick(l), 0));
  return {
    lines: lines.map(({ line, total, taxable, cgst, sgst, igst }) => ({
      name: line.name,
      hsn: line.hsn,
      quantity: line.quantity,
      rate: line.rate,
      taxable: rupees(taxable),
      cgst: rupees(cgst),
      sgst: rupees(sgst),
      igst: rupees(igst),
      total: rupees(total),
    })),
    totals: { taxable: sum((l) => l.taxable), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst), total: sum((l) => l.total) },
  };
}

/** The Indian financial year (April to March, in India's time) of a moment, as `2026-27`. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A document's number: the series' prefix, its financial year and the number in it (`HT/2026-27/000123`). */
export function documentNumber(prefix: string, year: string, n: number): string {
  return `${prefix}/${year}/${String(n).padStart(6, '0')}`;
}

/**
 * A discount on the whole order spread over its lines in proportion to what each cost, in paise, the
 * paise left by rounding going to the largest lines first: the lines then add up to the order's total
 * after the discount exactly, and each line's tax is on what was paid for it.
 */
export function spreadDiscount(lineTotals: readonly number[], discount: number): number[] {
  const totals = lineTotals.map(paise);
  const sum = totals.reduce((a, b) => a + b, 0);
  const off = Math.min(paise(discount), sum);
  if (off === 0 || sum === 0) return totals.map(rupees);
  const shares = totals.map((t) => (t * off) / sum);
  const floors = shares.map(Math.floor);
  let left = off - floors.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => ({ i, rest: s - Math.floor(s), total: totals[i]! })).sort((a, b) => b.rest - a.rest || b.total - a.total);
  for (const { i } of order) {
    if (left === 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return totals.map((t, i) => rupees(t - floors[i]!));
}
