import type { InvoiceDocument, InvoiceKind } from '@haat/shared/invoices/invoice-document';
import type { DocSeries, Gstr1, HsnRow } from '@haat/shared/gst/gstr1.types';
import { rupees } from '@haat/shared/money/paise';
import { NO_TAX, addTax, taxOfLine, type Tax } from './gst-sums.js';

/** Every line is counted in pieces: quantities on the shop's documents are units sold (docs/product.md#gst-return). */
export const UQC = 'NOS';
/** The portal's limit on an HSN row's description. */
const DESC_MAX = 30;

interface HsnSum {
  hsn: string;
  rt: number;
  desc: string;
  qty: number;
  tax: Tax;
}

/**
 * The HSN summary, its B2B part (documents to buyers with a GSTIN) and B2C part, summed a document at a time: per
 * HSN code and rate, the units and figures of the invoices less those of the credit notes.
 */
export class HsnSums {
  private readonly parts = { b2b: new Map<string, HsnSum>(), b2c: new Map<string, HsnSum>() };

  add(document: InvoiceDocument, less: boolean, b2b: boolean): void {
    const part = b2b ? this.parts.b2b : this.parts.b2c;
    for (const line of document.lines) {
      const key = `${line.hsn}|${line.rate}`;
      const row = part.get(key) ?? { hsn: line.hsn, rt: line.rate, desc: line.name.slice(0, DESC_MAX), qty: 0, tax: NO_TAX };
      part.set(key, { ...row, qty: row.qty + (less ? -line.quantity : line.quantity), tax: addTax(row.tax, taxOfLine(line), less) });
    }
  }

  result(): Gstr1['hsn'] {
    return { hsn_b2b: hsnRows(this.parts.b2b), hsn_b2c: hsnRows(this.parts.b2c) };
  }
}

function hsnRows(sums: Map<string, HsnSum>): HsnRow[] {
  return [...sums.values()]
    .filter((s) => s.qty !== 0 || Object.values(s.tax).some((v) => v !== 0))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rt - b.rt)
    .map((s, i) => ({
      num: i + 1,
      hsn_sc: s.hsn,
      desc: s.desc,
      uqc: UQC,
      qty: s.qty,
      rt: s.rt,
      txval: rupees(s.tax.taxable),
      iamt: rupees(s.tax.igst),
      camt: rupees(s.tax.cgst),
      samt: rupees(s.tax.sgst),
      csamt: 0,
    }));
}

const DOC_TYPES: Record<InvoiceKind, { doc_num: number; doc_typ: string }> = {
  invoice: { doc_num: 1, doc_typ: 'Invoices for outward supply' },
  credit_note: { doc_num: 5, doc_typ: 'Credit Note' },
};

/**
 * The document summary: per kind, each series (prefix and financial year) with its first and last number in the
 * period. A number between them that is not among the period's documents is counted as cancelled; the shop's
 * series have no gaps and it cancels no invoice (a cancelled sale gets a credit note), so that stays 0.
 */
export function docIssueOf(docs: ReadonlyArray<{ kind: InvoiceKind; number: string }>): Gstr1['doc_issue'] {
  const doc_det = (Object.keys(DOC_TYPES) as InvoiceKind[]).flatMap((kind) => {
    const series = new Map<string, Array<{ number: string; n: number }>>();
    for (const d of docs.filter((x) => x.kind === kind)) {
      const cut = d.number.lastIndexOf('/');
      const name = d.number.slice(0, cut);
      const numbers = series.get(name) ?? [];
      numbers.push({ number: d.number, n: Number(d.number.slice(cut + 1)) });
      series.set(name, numbers);
    }
    if (series.size === 0) return [];
    const rows = [...series.keys()].sort().map((name, i) => seriesRow(i + 1, series.get(name)!));
    return [{ ...DOC_TYPES[kind], docs: rows }];
  });
  return { doc_det };
}

function seriesRow(num: number, numbers: Array<{ number: string; n: number }>): DocSeries {
  const sorted = [...numbers].sort((a, b) => a.n - b.n);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const totnum = last.n - first.n + 1;
  const issued = new Set(sorted.map((x) => x.n)).size;
  return { num, from: first.number, to: last.number, totnum, cancel: totnum - issued, net_issue: issued };
}
