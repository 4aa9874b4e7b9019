import type { Envelope } from '@haat/shared/common/envelope';
import type { CancelOrderBody, CashOnDeliveryRequest, CheckoutRequest, CouponPreviewRequest } from '@haat/shared/orders/order.schema';
import type { CurrentTotals, Order } from '@haat/shared/orders/order.types';
import { http } from '../../lib/http/http';

/** docs/product.md#api order placement, with an Idempotency-Key (a retry answers the first order); silent. */
export const checkoutApi = {
  cashOnDelivery: (body: CashOnDeliveryRequest, idempotencyKey: string) =>
    http
      .post('order/cash-on-delivery', { json: body, headers: { 'idempotency-key': idempotencyKey }, retry: 0, timeout: 20_000, context: { silent: true } })
      .json<Envelope<Order>>(),
  cardCheckout: (body: CheckoutRequest, idempotencyKey: string) =>
    http
      .post('order/checkout', { json: body, headers: { 'idempotency-key': idempotencyKey }, retry: 0, timeout: 20_000, context: { silent: true } })
      .json<Envelope<unknown> & { id: string; url: string }>(),
  /** What a coupon takes off these lines now, or why it does not apply (docs/product.md#coupons). */
  couponPreview: (body: CouponPreviewRequest) =>
    http.post('order/coupon-preview', { json: body, retry: 0, timeout: 15_000, context: { silent: true } }).json<Envelope<CurrentTotals>>(),
  /** Back from Stripe unpaid: cancels the order only while it awaits its card payment (else 409 NOT_AWAITING_PAYMENT). */
  abandonCardPayment: (orderId: string) =>
    http.post('order/checkout/cancel', { json: { orderId } satisfies CancelOrderBody, context: { silent: true } }).json<Envelope<Order>>(),
};
