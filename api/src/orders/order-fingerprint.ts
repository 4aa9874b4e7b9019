import { createHash } from 'node:crypto';
import type { PlaceOrderInput } from '@haat/shared/orders/order.schema';
import type { PaymentMethod } from '@haat/shared/orders/order.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';

/**
 * What one order request asked for, as a hash stored with its Idempotency-Key: the payment method,
 * the address (or the pickup store), the products, variants and quantities (merged and sorted, so line order does not matter) and
 * the totals the shopper saw. The same key with another fingerprint is not a retry.
 */
export function orderFingerprint(method: PaymentMethod, input: PlaceOrderInput): string {
  const quantities = new Map<string, number>();
  for (const item of input.items) {
    // A line without a variant keeps the key it had before variants, so earlier fingerprints still match.
    const key = cartLineKey(item.productId, item.variantId);
    quantities.set(key, (quantities.get(key) ?? 0) + item.quantity);
  }
  const items = [...quantities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // A pickup order's store stands where the address stood (a delivery's fingerprint is as it always was).
  const request = {
    method,
    addressId: input.addressId,
    ...(input.pickup ? { pickupStoreId: input.pickup.storeId } : {}),
    items,
    totalAmt: input.totalAmt,
    subTotalAmt: input.subTotalAmt ?? null,
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** As Stripe answers a reused key with other parameters: 422, naming the header. */
export const idempotencyKeyReused = () =>
  new AppError(422, ErrorCode.IdempotencyKeyReused, 'Idempotency-Key: this key was already used for a different request. Send a new key for a new order.', {
    fields: ['Idempotency-Key'],
  });
