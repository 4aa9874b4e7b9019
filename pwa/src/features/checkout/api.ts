import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import type { QueuedOrderBody } from '../../lib/outbox-ops';
import { http } from '../../lib/http';

export interface CardCheckoutBody {
  list_items: QueuedOrderBody['list_items'];
  addressId: string;
  subTotalAmt: number;
  totalAmt: number;
}

/**
 * Spec §7 order placement. Both carry an Idempotency-Key, so a retry (after a lost answer, or from the
 * outbox) answers the first order instead of placing a second. Silent: a 409 (prices changed) and a
 * 503 (payments not configured) are explained on the checkout screen itself.
 */
export const checkoutApi = {
  cashOnDelivery: (body: QueuedOrderBody, idempotencyKey: string) =>
    http
      .post('order/cash-on-delivery', { json: body, headers: { 'idempotency-key': idempotencyKey }, retry: 0, timeout: 20_000, context: { silent: true } })
      .json<Envelope<Order>>(),
  cardCheckout: (body: CardCheckoutBody, idempotencyKey: string) =>
    http
      .post('order/checkout', { json: body, headers: { 'idempotency-key': idempotencyKey }, retry: 0, timeout: 20_000, context: { silent: true } })
      .json<Envelope<unknown> & { id: string; url: string }>(),
};
