import type { CartItem, CartSyncChange } from '@haat/shared/cart/cart.types';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Totals } from '@haat/shared/money/pricing';
import { http } from '../../lib/http/http';

export type CartEnvelope = Envelope<CartItem[]> & { totals?: Totals; changes?: CartSyncChange[] };

/**
 * The cart on the server. The device writes only through PUT /api/cart/sync (absolute quantities), so a replayed write
 * changes nothing; both calls are silent: the cart panel explains failures itself (waiting marks, notices).
 */
export const cartApi = {
  get: () => http.get('cart/get', { context: { silent: true } }).json<CartEnvelope>(),
  sync: (items: Array<{ productId: string; variantId: string | null; quantity: number }>, idempotencyKey: string) =>
    http.put('cart/sync', { json: { items }, headers: { 'idempotency-key': idempotencyKey }, retry: 0, context: { silent: true } }).json<CartEnvelope>(),
};
