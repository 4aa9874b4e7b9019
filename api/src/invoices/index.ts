// What other folders may use of invoices/: its face (docs/architecture.md#the-apis-floors). Import invoices/ only from here.
export { creditNotesOf, documentsOf, invoiceOf, issueCreditNote, issueInvoice, issueInvoices, type InvoicedOrder, type Seller } from './invoices.js';
export { keptPdf } from './kept-pdfs.js';
export { issuedInBatches, type IssuedDocument } from './issued-between.js';
export type { InvoiceRow } from './invoices.table.js';
