import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import { invoicePdf } from './invoice-pdf.js';

/** The drawing thread (kept-pdfs.ts starts it through piscina): one document's PDF bytes. */
export default async function draw(doc: InvoiceDocument): Promise<Uint8Array> {
  return new Uint8Array(await invoicePdf(doc));
}
