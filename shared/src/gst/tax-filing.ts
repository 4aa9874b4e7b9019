/**
 * GET /api/admin/gst/tax-filing (docs/product.md#tax-invoices): the products the shop cannot invoice until an admin files
 * their HSN code and a rate in force today, and what the move to the rates of 22 September 2025 changed.
 */
export interface TaxFiling {
  /** Products without an HSN code, without a rate, or on a rate no longer in force (12 %): not sold until filed. */
  unfiled: Array<{ productId: string; sku: string; name: string; hsn: string | null; gstRate: number | null }>;
  /** Each product the migration to the rates of 22 September 2025 looked at: its rate before, and after (null: to be filed). */
  moved: Array<{ productId: string; sku: string; name: string; hsn: string | null; rateBefore: number; rateAfter: number | null; movedAt: string }>;
}

/** The most products of each list the answer holds. */
export const TAX_FILING_LIMIT = 500;
