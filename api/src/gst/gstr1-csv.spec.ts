import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { taxLines, type PaidLine } from '@haat/shared/invoices/invoice-lines';
import { gstr1 } from './gstr1.js';
import { gstr1Csv } from './gstr1-csv.js';

const seller = { name: 'Haat', address: 'Bengaluru', state: 'Karnataka', gstin: '29AAHCH4527K1Z7' };
/** At most the portal's 30 characters of a description. */
const NAME = '=HYPERLINK("http://x.in","A")';

/** A document of `lines` to a buyer at home in Karnataka, issued on 1 December in India. */
function document(kind: InvoiceDocument['kind'], number: string, lines: PaidLine[]): InvoiceDocument {
  return {
    kind,
    number,
    date: '2026-11-30T20:00:00.000Z',
    orderId: 'o1',
    seller,
    buyer: { name: '@SUM(1+1)', address: '-2+3', state: 'Karnataka' },
    placeOfSupply: 'Karnataka',
    ...taxLines(lines, true),
  };
}

/** The table's CSV rows after its header. */
const rows = (g: ReturnType<typeof gstr1>, table: Parameters<typeof gstr1Csv>[1]) =>
  gstr1Csv({ g, names: new Map(), part: 'b2c' }, table).trim().split('\n').slice(1);

describe('GSTR-1 CSV (docs/decisions/0305-gstr-1-from-the-shops-documents.md)', () => {
  // The month has only the credit note of a sale invoiced the month before: its B2CS row and HSN row net below zero.
  const invoice = document('invoice', 'HT/2026-27/000001', [{ name: NAME, hsn: '1101', rate: 5, quantity: 1, total: 1050 }]);
  const note = document('credit_note', 'HTCN/2026-27/000001', [{ name: NAME, hsn: '1101', rate: 5, quantity: 1, total: 1050 }]);
  const g = gstr1(seller.gstin, '122026', [{ kind: 'credit_note', document: note, invoice }]);

  it('writes text a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    expect(rows(g, 'hsn')).toEqual([`1101,"'=HYPERLINK(""http://x.in"",""A"")",NOS-NUMBERS,-1,-1050.00,5,-1000.00,0.00,-25.00,-25.00,0.00`]);
  });

  it('keeps a negative amount a number', () => {
    expect(rows(g, 'b2cs')).toEqual(['OE,29-Karnataka,,5,-1000.00,0.00,']);
  });
});
