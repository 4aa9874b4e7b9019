import type { InvoiceDocument, InvoiceKind } from '@haat/shared/invoices/invoice-document';
import type { DocSeries, Gstr1, HsnRow, NilSupplyType } from '@haat/shared/gst/gstr1.types';
import { add, paise, rupees, subtract, type Paise } from '@haat/shared/money/paise';
import { NO_TAX, addTax, isIntraState, isNilRated, taxOfLine, type Tax } from './gst-sums.js';
import { isExemptedHsn } from '@haat/shared/gst/gst-rates';

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

/** The nil table's rows in the portal's order: across states and within, to registered buyers, then to consumers. */
const NIL_SUPPLY_TYPES: readonly NilSupplyType[] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];

/**
 * The nil-rated and exempted table (GSTR-1's table 8, the offline tool's `exemp` sheet), summed a document at a time:
 * the taxable value of every 0 % line, invoices less credit notes, by whether the buyer has a GSTIN and the sale
 * crosses a state; a line of goods exempted by notification (books: isExemptedHsn) as exempted, any other 0 % line as
 * nil-rated (docs/decisions/0305-gstr-1-from-the-shops-documents.md). The shop sells no non-GST goods.
 */
export class NilSums {
  private readonly sums = new Map<NilSupplyType, { nil: Paise; exempt: Paise }>();

  add(document: InvoiceDocument, less: boolean, b2b: boolean): void {
    const zero = document.lines.filter(isNilRated);
    if (zero.length === 0) return;
    const type: NilSupplyType = `${isIntraState(document) ? 'INTRA' : 'INTR'}${b2b ? 'B2B' : 'B2C'}`;
    const valueOf = (lines: typeof zero) => add(0 as Paise, ...lines.map((l) => paise(l.taxable)));
    const exempt = valueOf(zero.filter((l) => isExemptedHsn(l.hsn)));
    const nil = valueOf(zero.filter((l) => !isExemptedHsn(l.hsn)));
    const sum = this.sums.get(type) ?? { nil: 0 as Paise, exempt: 0 as Paise };
    const op = (a: Paise, b: Paise) => (less ? subtract(a, b) : add(a, b));
    this.sums.set(type, { nil: op(sum.nil, nil), exempt: op(sum.exempt, exempt) });
  }

  /** The rows that do not net to nothing. */
  result(): Gstr1['nil'] {
    const inv = NIL_SUPPLY_TYPES.flatMap((sply_ty) => {
      const sum = this.sums.get(sply_ty);
      return sum === undefined || (sum.nil === 0 && sum.exempt === 0)
        ? []
        : [{ sply_ty, nil_amt: rupees(sum.nil), expt_amt: rupees(sum.exempt), ngsup_amt: 0 }];
    });
    return { inv };
  }
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
  const sums = new DocIssueSums();
  for (const d of docs) sums.add(d.kind, d.number);
  return sums.result();
}

interface Series {
  first: { number: string; n: number };
  last: { number: string; n: number };
  issued: Set<number>;
}

/**
 * docIssueOf summed a document at a time, as Gstr1Builder adds them, so that a month of 100,000 numbers is not read at
 * once when the return is finished (docs/benchmarks.md#books): per series its lowest number (the first listed of
 * equal ones), its highest (the last listed) and the distinct numbers issued.
 */
export class DocIssueSums {
  private readonly kinds = new Map<InvoiceKind, Map<string, Series>>();

  add(kind: InvoiceKind, number: string): void {
    const cut = number.lastIndexOf('/');
    const name = number.slice(0, cut);
    const n = Number(number.slice(cut + 1));
    let series = this.kinds.get(kind);
    if (!series) this.kinds.set(kind, (series = new Map<string, Series>()));
    const s = series.get(name);
    if (!s) {
      series.set(name, { first: { number, n }, last: { number, n }, issued: new Set([n]) });
      return;
    }
    if (n < s.first.n) s.first = { number, n };
    if (n >= s.last.n) s.last = { number, n };
    s.issued.add(n);
  }

  result(): Gstr1['doc_issue'] {
    const doc_det = (Object.keys(DOC_TYPES) as InvoiceKind[]).flatMap((kind) => {
      const series = this.kinds.get(kind);
      if (!series?.size) return [];
      const rows = [...series.keys()].sort().map((name, i) => seriesRow(i + 1, series.get(name)!));
      return [{ ...DOC_TYPES[kind], docs: rows }];
    });
    return { doc_det };
  }
}

function seriesRow(num: number, { first, last, issued }: Series): DocSeries {
  const totnum = last.n - first.n + 1;
  return { num, from: first.number, to: last.number, totnum, cancel: totnum - issued.size, net_issue: issued.size };
}
