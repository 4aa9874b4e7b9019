import { gstRatesToday, type UpdateProductBody } from '@haat/shared/catalog/product.schema';
import { indiaDay, isRateInForce } from '@haat/shared/gst/gst-rates';
import { unitProblem } from '@haat/shared/catalog/product-unit.rule';
import { invalidField } from '../common/app-error.js';
import type { ProductRow } from './product-columns.js';

type Stored = Pick<ProductRow, 'productType' | 'unit'>;

/**
 * An update may change the type or the unit alone, so the pair is checked as it will be stored
 * (docs/product.md#states and #rules-and-limits), when the body names a type or changes the unit. A body
 * that repeats the stored unit without a type (an API client that sends every field back, for a product
 * it created with a free unit such as "1 pc") changes neither, so it is not refused for them. Rows stored
 * before the rule keep their unit until one of the two is edited.
 */
export function assertUnitSuitsType(stored: Stored, body: Pick<UpdateProductBody, 'productType' | 'unit'>): void {
  if (body.productType === undefined && (body.unit === undefined || body.unit === stored.unit)) return;
  const problem = unitProblem(body.productType ?? stored.productType, body.unit ?? stored.unit);
  if (problem) throw invalidField('unit', problem);
}

/**
 * An HSN code of at least the digits the shop's turnover needs (SHOP_HSN_DIGITS: 6 above ₹5 crore, Notification
 * 78/2020-Central Tax); the shared schema has checked its form (4, 6 or 8 digits).
 */
export function assertHsnDigits(hsn: string | undefined, digits: 4 | 6): void {
  if (hsn !== undefined && hsn.length < digits) throw invalidField('hsn', `must be an HSN code of at least ${digits} digits (the shop's turnover needs them)`);
}

/**
 * An update leaves the product with an HSN code and a rate in force today (docs/product.md#tax-invoices): a product
 * stored before either was required, or on a slab since gone (12 %), is filed by the save that next touches it.
 */
export function assertTaxCodesAfter(stored: { hsn: string | null; gstRate: number | null }, body: Pick<UpdateProductBody, 'hsn' | 'gstRate'>): void {
  if ((body.hsn ?? stored.hsn) === null) throw invalidField('hsn', 'is required');
  const rate = body.gstRate ?? stored.gstRate;
  if (rate === null) throw invalidField('gstRate', 'is required');
  if (!isRateInForce(rate, indiaDay(new Date()))) throw invalidField('gstRate', `must be a GST rate in force today (${gstRatesToday().join(', ')})`);
}
