import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { taxLines } from '@haat/shared/invoices/invoice-lines';
import { gstr1, sectionOf } from './gstr1.js';
import { docIssueOf } from './gstr1-summaries.js';

const seller = { name: 'Haat', address: 'Bengaluru', state: 'Karnataka', gstin: '29AAHCH4527K1Z7' };

/** An invoice of one line at 18 % for `total` rupees (GST-inclusive), delivered to `state`. */
function invoice(number: string, total: number, state: string, gstin?: string): InvoiceDocument {
  const intra = state === 'Karnataka';
  return {
    kind: 'invoice',
    number,
    date: '2026-11-30T20:00:00.000Z', // 1 December in India
    orderId: number,
    seller,
    buyer: { name: 'B', address: 'A', state, ...(gstin ? { gstin } : {}) },
    placeOfSupply: state,
    ...taxLines([{ name: 'Laptop', hsn: '8471', rate: 18, quantity: 1, total }], intra),
  };
}

describe('GSTR-1 rules (docs/decisions/0305-gstr-1-from-the-shops-documents.md)', () => {
  it('puts an inter-state sale in B2CL only above ₹1,00,000, never an intra-state one, and a GSTIN first', () => {
    expect(sectionOf(invoice('HT/1', 100_000, 'Kerala'))).toBe('b2cs');
    expect(sectionOf(invoice('HT/2', 100_000.01, 'Kerala'))).toBe('b2cl');
    expect(sectionOf(invoice('HT/3', 500_000, 'Karnataka'))).toBe('b2cs');
    expect(sectionOf(invoice('HT/4', 500_000, 'Kerala', '32AAPFU0939F1Z4'))).toBe('b2b');
  });

  it('dates documents on India’s calendar and codes the place of supply', () => {
    const g = gstr1(seller.gstin, '122026', [{ kind: 'invoice', document: invoice('HT/2', 118_000, 'Kerala'), invoice: null }]);
    expect(g.b2cl).toEqual([
      { pos: '32', inv: [{ inum: 'HT/2', idt: '01-12-2026', val: 118_000, itms: [{ num: 1, itm_det: { rt: 18, txval: 100_000, iamt: 18_000, csamt: 0 } }] }] },
    ]);
  });

  it('reports an invoice of 0 % lines only in the nil table and the HSN summary, in no rate row; books as exempted', () => {
    const zeroRated = (number: string, hsn: string) => {
      const d = invoice(number, 500, 'Kerala', '32AAPFU0939F1Z4');
      d.lines = d.lines.map((l) => ({ ...l, name: 'Godan', hsn, rate: 0, taxable: 500, igst: 0 }));
      d.totals = { ...d.totals, taxable: 500, igst: 0 };
      return d;
    };
    const books = zeroRated('HT/5', '4901');
    const g = gstr1(seller.gstin, '122026', [{ kind: 'invoice', document: books, invoice: null }]);
    // Printed books are exempted (Notification 10/2025-Central Tax (Rate)); another good at 0 % is nil-rated.
    expect({ b2b: g.b2b, b2cs: g.b2cs, nil: g.nil }).toEqual({
      b2b: [],
      b2cs: [],
      nil: { inv: [{ sply_ty: 'INTRB2B', nil_amt: 0, expt_amt: 500, ngsup_amt: 0 }] },
    });
    const both = gstr1(seller.gstin, '122026', [
      { kind: 'invoice', document: books, invoice: null },
      { kind: 'invoice', document: zeroRated('HT/6', '0701'), invoice: null },
    ]);
    expect(both.nil).toEqual({ inv: [{ sply_ty: 'INTRB2B', nil_amt: 500, expt_amt: 500, ngsup_amt: 0 }] });
    expect(g.hsn.hsn_b2b).toEqual([{ num: 1, hsn_sc: '4901', desc: 'Godan', uqc: 'NOS', qty: 1, rt: 0, txval: 500, iamt: 0, camt: 0, samt: 0, csamt: 0 }]);
  });

  it('counts a number missing inside a series as cancelled, and keeps each series apart', () => {
    const docs = ['HT/2026-27/000007', 'HT/2026-27/000009', 'HT/2025-26/000100', 'HTCN/2026-27/000001'];
    expect(docIssueOf(docs.map((number) => ({ kind: number.startsWith('HTCN') ? 'credit_note' : 'invoice', number }))).doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [
          { num: 1, from: 'HT/2025-26/000100', to: 'HT/2025-26/000100', totnum: 1, cancel: 0, net_issue: 1 },
          { num: 2, from: 'HT/2026-27/000007', to: 'HT/2026-27/000009', totnum: 3, cancel: 1, net_issue: 2 },
        ],
      },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'HTCN/2026-27/000001', to: 'HTCN/2026-27/000001', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });
});
