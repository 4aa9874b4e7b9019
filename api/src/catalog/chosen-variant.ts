import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';
import type { VariantFacts } from '@haat/shared/catalog/selling-unit';

/**
 * The variant a cart line or order line names, checked against the product's own variants: a
 * product sold in variants needs one chosen (as a shop asks "which size?" before the basket), an
 * id the product does not have is refused, and a product without variants takes none.
 */
export function chosenVariant<V extends VariantFacts>(product: { id: string; name: string; variants: V[] }, variantId: string | null): V | null {
  if (variantId === null) {
    if (product.variants.length === 0) return null;
    throw new AppError(422, ErrorCode.VariantRequired, `Please choose an option of ${product.name} (${product.variants.map((v) => v.name).join(', ')}).`, {
      productId: product.id,
      fields: ['variantId'],
    });
  }
  const variant = product.variants.find((v) => v._id === variantId);
  if (!variant) {
    throw new AppError(404, ErrorCode.UnknownVariant, `${product.name} has no option ${variantId}.`, {
      productId: product.id,
      variantId,
      fields: ['variantId'],
    });
  }
  return variant;
}
