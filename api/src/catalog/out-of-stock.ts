import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/**
 * The one OUT_OF_STOCK answer, from the cart and from orders alike: the message says what is left,
 * `productId` which product and `available` how many units (never below 0).
 */
export function outOfStock(product: { id: string; name: string; stock: number; variant?: { _id: string; name: string } | null }, wanted: number): AppError {
  const { id, stock, variant } = product;
  // A variant's stock is its own: the message names it and `variantId` says which.
  const name = variant ? `${product.name} (${variant.name})` : product.name;
  const message = stock <= 0 ? `${name} is out of stock.` : `Only ${stock} of ${name} left; you asked for ${wanted}.`;
  return new AppError(409, ErrorCode.OutOfStock, message, { productId: id, ...(variant ? { variantId: variant._id } : {}), available: Math.max(stock, 0) });
}
