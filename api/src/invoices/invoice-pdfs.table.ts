import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer (pg answers a Buffer, PGlite a Uint8Array: both are wrapped). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
