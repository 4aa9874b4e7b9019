import type { UpdateProductBody } from '@haat/shared/catalog/product.schema';
import { unitProblem } from '@haat/shared/catalog/product-unit.rule';
import { invalidField } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import type { ProductRow, StoredVariant } from './products.table.js';

type Stored = Pick<ProductRow, 'productType' | 'unit' | 'variants'>;

/**
 * An update may change the type or the unit alone, so the pair is checked as it will be stored
 * (spec §4/§9). Rows stored before the rule keep their unit until one of the two is edited.
 */
export function assertUnitSuitsType(stored: Stored, body: Pick<UpdateProductBody, 'productType' | 'unit'>): void {
  if (body.productType === undefined && body.unit === undefined) return;
  const problem = unitProblem(body.productType ?? stored.productType, body.unit ?? stored.unit);
  if (problem) throw invalidField('unit', problem);
}

/**
 * The variant list as sent, keeping the _id of each variant it still lists (orders refer to them)
 * and giving new rows new ids. An _id the product never had is refused: it would let one product's
 * order lines point at a variant that is not its own.
 */
export function mergeVariants(stored: Stored, sent: NonNullable<UpdateProductBody['variants']>): StoredVariant[] {
  const known = new Set(stored.variants.map((v) => v._id));
  return sent.map((v, i) => {
    if (v._id !== undefined && !known.has(v._id)) throw invalidField(`variants.${i}._id`, 'is not a variant of this product');
    return { ...v, _id: v._id ?? newId() };
  });
}
