import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvoiceDocument, InvoiceKind } from '@haat/shared/invoices/invoice-document';

/**
 * The last number given in each series: one series of tax invoices and one of credit notes per
 * financial year. A number is taken by incrementing the row inside the transaction that writes the
 * document, so the row's lock orders concurrent issues and a rolled-back issue gives its number back:
 * the series has no gaps (docs/decisions/0200-tax-invoices.md).
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    kind: text('kind').$type<InvoiceKind>().notNull(),
    /** April to March, as `2026-27`. */
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * Tax invoices and credit notes, each kept as the document it was issued as: figures on a tax document
 * never change after it is issued, whatever later happens to the product or the order. No foreign keys:
 * a tax document outlives the rows it was made from (as the stock ledger does).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    orderId: text('order_id').notNull(),
    userId: text('user_id').notNull(),
    /** A credit note's invoice: the document it reverses (in part or whole). */
    invoiceId: text('invoice_id'),
    /** What a credit note reverses: `cancel` (the whole order) or the return it refunds. */
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.number),
    // A period's documents in the order issued, a batch at a time (issuedInBatches: the GST return).
    index('invoices_issued_idx').on(t.issuedAt, t.id),
    // An order has one tax invoice, and a credit note per reason.
    uniqueIndex('invoices_one_invoice_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_one_credit_note_per_reason')
      .on(t.orderId, t.reason)
      .where(sql`${t.kind} = 'credit_note'`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
