import type { CartItem, CartSyncChange } from '@haat/shared/cart/cart.types';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Totals } from '@haat/shared/money/pricing';
import { http } from '../../lib/http/http';

export type CartEnvelope = Envelope<CartItem[]> & { totals?: Totals; changes?: CartSyncChange[] };

/** The cart on the server, written through PUT /api/cart/sync (absolute quantities, so a replay changes nothing); silent. */
export const cartApi = {
  get: () => http.get('cart/get', { context: { silent: true } }).json<CartEnvelope>(),
  sync: (items: Array<{ productId: string; variantId: string | null; quantity: number }>, idempotencyKey: string) =>
    http.put('cart/sync', { json: { items }, headers: { 'idempotency-key': idempotencyKey }, retry: 0, context: { silent: true } }).json<CartEnvelope>(),
};
