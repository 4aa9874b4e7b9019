import type { UpdateProductBody } from '@haat/shared/catalog/product.schema';
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
