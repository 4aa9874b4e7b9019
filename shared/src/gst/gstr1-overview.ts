/**
 * The month-end screen's view of a GSTR-1 (docs/product.md#gst-return): each table's totals, as the portal's
 * JSON sums them, beside the shop's documents it is made from. Amounts in rupees to the paisa.
 */
export const OVERVIEW_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn', 'doc_issue'] as const;
export type OverviewTable = (typeof OVERVIEW_TABLES)[number];

/** The most documents a table lists on the screen; the rest are in the table's CSV. */
export const OVERVIEW_DOCUMENTS_SHOWN = 100;

export interface OverviewDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** When issued (ISO). */
  date: string;
  orderId: string;
  buyer: string;
  gstin: string | null;
  /** The place of supply's state (the delivery pincode's). */
  state: string;
  total: number;
  taxable: number;
  tax: number;
}

export interface OverviewTableTotals {
  table: OverviewTable;
  /** The table's rows as the portal counts them: invoices or notes, B2CS and HSN lines, document series. */
  rows: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  /** How many documents the table is made from, and the first OVERVIEW_DOCUMENTS_SHOWN of them. */
  documentCount: number;
  documents: OverviewDocument[];
}

export interface Gstr1Overview {
  gstin: string;
  fp: string;
  from: string;
  to: string;
  tables: OverviewTableTotals[];
}
