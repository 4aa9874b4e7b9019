import type { Envelope } from '@haat/shared/common/envelope';
import {
  PICKUP_STORES_PATH,
  type CancelOrderBody,
  type CashOnDeliveryRequest,
  type CheckoutRequest,
  type CouponPreviewRequest,
  type PickupStoresRequest,
} from '@haat/shared/orders/order.schema';
import type { CurrentTotals, Order, PickupStore } from '@haat/shared/orders/order.types';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CartLine } from '../../lib/storage/account-tables';
import { ErrorCode } from '@haat/shared/common/error-code';
import { http } from '../../lib/http/http';
import { problemOf } from '../../lib/http/http-problem';
import { reloadCart } from '../cart/public';
import { reloadOrders } from '../../lib/storage/order-store';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { screenKeys } from '../../lib/query/screen-keys';

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
  /** The open stores that hold every one of these lines now (docs/product.md#store-pickup); a read, silent. */
  pickupStores: (body: PickupStoresRequest, signal?: AbortSignal) =>
    http.post(PICKUP_STORES_PATH, { json: body, signal, retry: 0, timeout: 15_000, context: { silent: true } }).json<Envelope<{ stores: PickupStore[] }>>(),
  /** What a coupon takes off these lines now, or why it does not apply (docs/product.md#coupons). */
  couponPreview: (body: CouponPreviewRequest, signal?: AbortSignal) =>
    http.post('order/coupon-preview', { json: body, signal, retry: 0, timeout: 15_000, context: { silent: true } }).json<Envelope<CurrentTotals>>(),
  /** Back from Stripe unpaid: cancels the order only while it awaits its card payment (else 409 NOT_AWAITING_PAYMENT). */
  abandonCardPayment: (orderId: string) =>
    http.post('order/checkout/cancel', { json: { orderId } satisfies CancelOrderBody, context: { silent: true } }).json<Envelope<Order>>(),
};

/**
 * The card or UPI payment (an online write, lib/query/server-write.ts): what the device still holds for the server is sent
 * first (the cart the order is made from), then the order is placed awaiting its payment and the browser leaves for
 * Stripe's hosted page, which returns to /success or /cancel. A refusal is the checkout's to say (its notices).
 */
export const cardCheckoutWrite = () =>
  mutationOptions({
    mutationFn: async ({ body, idempotencyKey }: { body: CheckoutRequest; idempotencyKey: string }) => {
      await outboxFacade.flush();
      return checkoutApi.cardCheckout(body, idempotencyKey);
    },
    onSuccess: (answer) => window.location.assign(answer.url),
  });

/** The lines a coupon is priced for, in words that change with any line, quantity or price the device shows. */
export const pricedCart = (lines: readonly CartLine[]) =>
  lines.map((l) => `${l.productId}:${l.variantId ?? ''}:${l.quantity}:${l.product.price}:${l.product.discount ?? 0}`).join('|');

/** A coupon priced by the server for these lines (POST order/coupon-preview, a read: it changes nothing), asked again when they change. */
export const couponPreviewQuery = (code: string, lines: readonly CartLine[]) =>
  queryOptions({
    queryKey: screenKeys.coupon(code, pricedCart(lines)),
    queryFn: async ({ signal }) => {
      const list_items = lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity }));
      return (await checkoutApi.couponPreview({ list_items, couponCode: code }, signal)).data!;
    },
  });

/** The stores to pick these lines up at, asked again when the lines change. */
export const pickupStoresQuery = (lines: readonly CartLine[]) =>
  queryOptions({
    queryKey: screenKeys.pickupStores(pricedCart(lines)),
    queryFn: async ({ signal }) => {
      const list_items = lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity }));
      return (await checkoutApi.pickupStores({ list_items }, signal)).data!.stores;
    },
  });

/** What became of an order left unpaid at Stripe. */
export type AbandonOutcome =
  | { kind: 'cancelled' }
  /** A cash-on-delivery order: nothing was paid, nothing is cancelled; it is paid in cash at the door. */
  | { kind: 'cash' }
  /** The order is paid: leaving Stripe's page never cancels it. */
  | { kind: 'not-awaiting'; message: string }
  /** No answer (offline, server trouble): the order was not cancelled now, its session runs out by itself. */
  | { kind: 'unconfirmed' };

/** Cancels an order awaiting its card payment, and says what became of it; the cart is read again either way. */
async function abandonCardPayment(orderId: string): Promise<AbandonOutcome> {
  const outcome = await checkoutApi.abandonCardPayment(orderId).then(
    (): AbandonOutcome => ({ kind: 'cancelled' }),
    (error: unknown): AbandonOutcome => {
      const problem = problemOf(error);
      if (problem.code !== ErrorCode.NotAwaitingPayment) return { kind: 'unconfirmed' };
      // Opened again after the cancellation (or after the session expired): it is cancelled.
      if (problem.body?.payment_status === 'CANCELLED') return { kind: 'cancelled' };
      if (problem.body?.payment_status === 'CASH ON DELIVERY') return { kind: 'cash' };
      return { kind: 'not-awaiting', message: problem.message };
    },
  );
  // The cart is kept on the server for an unpaid order (docs/product.md#after-a-payment-fails); the device reads both again.
  void Promise.all([reloadCart(), reloadOrders()]).catch(() => undefined);
  return outcome;
}

/** Back from Stripe unpaid, asked once per order: asking twice is harmless (the second answer is 409 with the order's payment status). */
export const abandonQuery = (orderId: string) =>
  queryOptions({ queryKey: screenKeys.abandon(orderId), queryFn: () => abandonCardPayment(orderId), staleTime: Infinity });
