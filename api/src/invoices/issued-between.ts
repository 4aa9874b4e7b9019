import { and, asc, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { InvoiceDocument, InvoiceKind } from '@haat/shared/invoices/invoice-document';
import type { Db } from '../db/database.js';
import { invoices } from './invoices.table.js';

/** A tax document as issued, and for a credit note the invoice it reverses (which may be of an earlier period). */
export interface IssuedDocument {
  kind: InvoiceKind;
  document: InvoiceDocument;
  invoice: InvoiceDocument | null;
}

/** Documents read per statement by issuedInBatches. */
const BATCH = 250;

/**
 * The invoices and credit notes issued in [from, to) in the order issued, `BATCH` a statement after the last one's
 * (issued, id) key (invoices_issued_idx), each credit note with its invoice: what a GST return of any size is summed
 * from, a batch at a time (docs/product.md#gst-return).
 */
export async function* issuedInBatches(db: Pick<Db, 'select'>, from: Date, to: Date): AsyncGenerator<IssuedDocument[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after ? or(gt(invoices.issuedAt, after.at), and(eq(invoices.issuedAt, after.at), gt(invoices.id, after.id))) : undefined;
    const rows: Array<{ id: string; at: Date; kind: InvoiceKind; invoiceId: string | null; document: InvoiceDocument }> = await db
      .select({ id: invoices.id, at: invoices.issuedAt, kind: invoices.kind, invoiceId: invoices.invoiceId, document: invoices.document })
      .from(invoices)
      .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to), keyset))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield await withInvoices(db, rows);
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
    if (rows.length < BATCH) return;
  }
}

async function withInvoices(db: Pick<Db, 'select'>, rows: ReadonlyArray<{ kind: InvoiceKind; invoiceId: string | null; document: InvoiceDocument }>) {
  const reversed = [...new Set(rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))];
  const originals = reversed.length
    ? new Map(
        (await db.select({ id: invoices.id, document: invoices.document }).from(invoices).where(inArray(invoices.id, reversed))).map((r) => [r.id, r.document]),
      )
    : new Map<string, InvoiceDocument>();
  return rows.map((r) => ({ kind: r.kind, document: r.document, invoice: r.invoiceId ? (originals.get(r.invoiceId) ?? null) : null }));
}
