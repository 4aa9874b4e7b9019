import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.js';

/**
 * Each tax document's PDF, drawn once at its first download and served from here after (kept-pdfs.ts).
 * A document never changes once issued, so neither does its PDF; the row is written once. Apart from
 * `invoices` so that reading a document's figures never carries its bytes.
 */
export const invoicePdfs = pgTable('invoice_pdfs', {
  invoiceId: text('invoice_id').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
