import { eq } from 'drizzle-orm';
import { Piscina } from 'piscina';
import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import type { Db } from '../db/database.js';
import { invoicePdfs } from './invoice-pdfs.table.js';

/**
 * One thread beside the API's for drawing PDFs, as the password check has (users/password-strength.ts):
 * downloads queue there and never hold the requests of everyone else. It starts at the first draw and ends
 * after a minute unused. From the TypeScript sources (jest) it registers tsx's loader first.
 */
const fromSources = import.meta.url.endsWith('.ts');
const drawer = new Piscina<InvoiceDocument, Uint8Array>({
  filename: new URL(`./invoice-pdf.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href,
  execArgv: fromSources ? ['--import', 'tsx'] : [],
  minThreads: 0,
  maxThreads: 1,
  idleTimeout: 60_000,
});

/** Draws in progress on this instance, by document: a second download of the same one waits for the first draw. */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * A tax document's PDF: the kept copy, or drawn on the PDF thread at its first download and kept (a
 * document never changes once issued, docs/decisions/0200-tax-invoices.md). Two instances drawing the
 * same first download at once both answer; the first row written is kept.
 */
export async function keptPdf(db: Db, invoice: { id: string; document: InvoiceDocument }): Promise<Buffer> {
  const [kept] = await db.select({ bytes: invoicePdfs.bytes }).from(invoicePdfs).where(eq(invoicePdfs.invoiceId, invoice.id));
  if (kept) return kept.bytes;
  let draw = drawing.get(invoice.id);
  if (!draw) {
    draw = drawAndKeep(db, invoice).finally(() => drawing.delete(invoice.id));
    drawing.set(invoice.id, draw);
  }
  return draw;
}

async function drawAndKeep(db: Db, invoice: { id: string; document: InvoiceDocument }): Promise<Buffer> {
  const bytes = Buffer.from(await drawer.run(invoice.document));
  await db.insert(invoicePdfs).values({ invoiceId: invoice.id, bytes }).onConflictDoNothing();
  return bytes;
}
