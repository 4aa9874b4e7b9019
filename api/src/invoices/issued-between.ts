import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import type { InvoiceDocument, InvoiceKind } from '@haat/shared/invoices/invoice-document';
import type { Db } from '../db/database.js';
import { invoices } from './invoices.table.js';

/** A tax document as issued, and for a credit note the invoice it reverses (which may be of an earlier period). */
export interface IssuedDocument {
  kind: InvoiceKind;
  document: InvoiceDocument;
  invoice: InvoiceDocument | null;
}

/**
 * The invoices and credit notes issued in [from, to), by number within each kind: what a GST return is
 * made from (docs/product.md#gst-return). Each credit note comes with its invoice.
 */
export async function issuedBetween(db: Pick<Db, 'select'>, from: Date, to: Date): Promise<IssuedDocument[]> {
  const rows = await db
    .select({ kind: invoices.kind, invoiceId: invoices.invoiceId, document: invoices.document })
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.kind), asc(invoices.number));
  const reversed = [...new Set(rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))];
  const originals = reversed.length
    ? new Map(
        (await db.select({ id: invoices.id, document: invoices.document }).from(invoices).where(inArray(invoices.id, reversed))).map((r) => [r.id, r.document]),
      )
    : new Map<string, InvoiceDocument>();
  return rows.map((r) => ({ kind: r.kind, document: r.document, invoice: r.invoiceId ? (originals.get(r.invoiceId) ?? null) : null }));
}
