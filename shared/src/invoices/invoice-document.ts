import { z } from 'zod';

/** A tax invoice, or a credit note that reverses one (docs/product.md#tax-invoices). */
export type InvoiceKind = 'invoice' | 'credit_note';

export interface InvoiceParty {
  name: string;
  address: string;
  state: string;
  /** The seller's GSTIN, and a business buyer's (from its delivery address); a shopper has none. */
  gstin?: string;
}

/**
 * One line as printed: the price paid is GST-inclusive, so `total` is what the shopper paid for it,
 * `taxable` its value before tax and `cgst + sgst` (within the shop's state) or `igst` (to another
 * state) the tax in it. Amounts in rupees, to the paisa; `taxable + cgst + sgst + igst = total`.
 */
export interface InvoiceLine {
  name: string;
  hsn: string;
  quantity: number;
  /** GST rate, per cent. */
  rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /**
   * The order line's place (documents issued since an order can lose a whole line before it ships); a document
   * without it lists every line of its order in place order.
   */
  position?: number;
}

export interface InvoiceTotals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What the order (or the credit) comes to; the lines add up to it to the paisa. */
  total: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** `HT/26-27/000123` (an invoice) or `CN/26-27/000007` (a credit note); before numbers were kept within 16 characters, `HT/2026-27/000123` and `HTCN/2026-27/000007`. */
  number: string;
  /** ISO date-time of issue. */
  date: string;
  orderId: string;
  /** A credit note's invoice number. */
  invoiceNumber?: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** The state the goods are delivered to: within the seller's state CGST + SGST, else IGST. */
  placeOfSupply: string;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  /**
   * The coupon the order was placed with and what it took off (docs/product.md#coupons). The lines are
   * already after it: each line's total is what was paid for it, so its tax is on the discounted value.
   */
  coupon?: { code: string; discount: number };
}

/**
 * GET /api/order/:orderId/credit-note: one credit note of the order by its number (CN/26-27/000007, or one written as
 * HTCN/2026-27/000007 before numbers were kept within 16 characters); without it, the latest.
 */
export const CreditNoteQuery = z.object({
  number: z
    .string({ error: 'must be text' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]+\/(\d{2}|\d{4})-\d{2}\/\d{6,7}$/, { error: 'must be a credit note number such as CN/26-27/000007' })
    .optional(),
});
export type CreditNoteQuery = z.infer<typeof CreditNoteQuery>;
