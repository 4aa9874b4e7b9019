import { allocate, gstOf, paise, rupees, sum, type Paise } from '../money/paise.js';
import type { InvoiceLine, InvoiceTotals } from './invoice-document.js';

/** What was paid for one line (GST-inclusive, in rupees) and at which GST rate. */
export interface PaidLine {
  name: string;
  hsn: string;
  quantity: number;
  rate: number;
  total: number;
  /** The order line's place, kept on the document so a credit note finds its line whatever the shop took off before. */
  position?: number;
}

/**
 * Splits each GST-inclusive line into its taxable value and tax with paise.ts's gstOf (within the shop's
 * state CGST and SGST are the same half, to another state IGST), and totals the document as the sum of
 * its lines: every line, and the document, adds up to what was paid to the paisa, and the CGST and SGST
 * columns agree.
 */
export function taxLines(paid: readonly PaidLine[], intraState: boolean): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = paid.map((line) => {
    const total = paise(line.total);
    return { line, total, ...gstOf(total, line.rate, intraState) };
  });
  const column = (pick: (l: (typeof lines)[number]) => Paise) => rupees(sum(lines.map(pick)));
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
      ...(line.position === undefined ? {} : { position: line.position }),
    })),
    totals: {
      taxable: column((l) => l.taxable),
      cgst: column((l) => l.cgst),
      sgst: column((l) => l.sgst),
      igst: column((l) => l.igst),
      total: column((l) => l.total),
    },
  };
}

/** The Indian financial year (April to March, in India's time) of a moment, as `2026-27`. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document's number: the series' prefix, its financial year (`2026-27` written `26-27`) and the number in it
 * (`HT/26-27/000123`). At most 16 characters, letters, digits, `/` and `-` (Rules 46(b) and 53 of the CGST Rules; the
 * GST portal refuses a longer invoice or note number in GSTR-1) up to 9,999,999 documents a year.
 */
export function documentNumber(prefix: string, year: string, n: number): string {
  return `${prefix}/${year.slice(2)}/${String(n).padStart(6, '0')}`;
}

/** The most characters a tax document's number may have (CGST Rules 46(b), 53). */
export const DOCUMENT_NUMBER_MAX = 16;

/**
 * A discount on the whole order spread over its lines in proportion to what each cost (paise.ts's
 * allocate: the paise left by rounding go to the largest remainders): the lines then add up to the
 * order's total after the discount exactly, and each line's tax is on what was paid for it. Rupees in
 * and out, as the order's rows hold them.
 */
export function spreadDiscount(lineTotals: readonly number[], discount: number): number[] {
  const totals = lineTotals.map(paise);
  const off = allocate(Math.min(paise(discount), sum(totals)) as Paise, totals);
  return totals.map((t, i) => rupees((t - off[i]!) as Paise));
}
