import { text } from 'node:stream/consumers';
import { GSTR1_TABLES } from '@haat/shared/gst/gstr1.schema';
import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { taxLines } from '@haat/shared/invoices/invoice-lines';
import type { IssuedDocument } from '../invoices/index.js';
import { gstr1 } from './gstr1.js';
import { gstr1Csv, gstr1CsvStream } from './gstr1-csv.js';

const seller = { name: 'Haat', address: 'Bengaluru', state: 'Karnataka', gstin: '29AAHCH4527K1Z7' };

function invoice(i: number, total: number, state: string, gstin?: string): InvoiceDocument {
  return {
    kind: 'invoice',
    number: `HT/2026-27/${String(i).padStart(6, '0')}`,
    date: '2026-11-30T20:00:00.000Z',
    orderId: `O${i}`,
    seller,
    buyer: { name: `Buyer "${i}", Pune`, address: 'A', state, ...(gstin ? { gstin } : {}) },
    placeOfSupply: state,
    ...taxLines(
      [
        { name: 'Laptop, 14"', hsn: '8471', rate: 18, quantity: 1, total },
        { name: 'Rice', hsn: '1006', rate: 5, quantity: 2, total: 640 },
        // A nil-rated book, for the nil table.
        { name: 'Book', hsn: '4901', rate: 0, quantity: 1, total: 250 },
      ],
      state === seller.state,
    ),
  };
}

/** Invoices of every section, and a credit note of each kind. */
function documents(): IssuedDocument[] {
  const docs: IssuedDocument[] = [];
  for (let i = 1; i <= 300; i++) {
    const document = invoice(i, i % 50 === 0 ? 150_000 : 1180, ['Karnataka', 'Kerala', 'Maharashtra'][i % 3]!, i % 7 === 0 ? '27AAPFU0939F1ZV' : undefined);
    docs.push({ kind: 'invoice', document, invoice: null });
    if (i % 20 === 0)
      docs.push({
        kind: 'credit_note',
        document: { ...document, kind: 'credit_note', number: `HTCN/2026-27/${String(i).padStart(6, '0')}` },
        invoice: document,
      });
  }
  return docs;
}

describe('GSTR-1 tables as CSV streams', () => {
  it.each(GSTR1_TABLES)('%s: the stream is gstr1Csv’s text to the byte', async (table) => {
    const source = { g: gstr1(seller.gstin, '112026', documents()), names: new Map([['27AAPFU0939F1ZV', 'Buyer "7", Pune']]), part: 'b2c' as const };
    const csv = gstr1Csv(source, table);
    expect(csv.split('\n').length).toBeGreaterThan(2);
    for (const part of [500, 7, 1]) expect(await text(gstr1CsvStream(source, table, part))).toBe(csv);
  });
});
