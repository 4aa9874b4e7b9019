import { paise } from '@haat/shared/money/paise';
import type Stripe from 'stripe';
import type { OrderLineRow, OrderRow } from '../orders/index.js';

/**
 * Stock held for an abandoned payment comes back when the session expires. Stripe's shortest
 * allowed life is 30 minutes from when it receives the request, so a minute more leaves room.
 */
export const SESSION_LIFETIME_SECONDS = 31 * 60;

/** Stripe shows product images only from public https URLs; relative upload paths are made absolute. */
function publicImages(images: string[], publicUrl: string): string[] {
  return images
    .map((src) => (src.startsWith('/') ? `${publicUrl}${src}` : src))
    .filter((src) => src.startsWith('https://'))
    .slice(0, 8);
}

/** A hosted Checkout Session in INR whose line items are the prices the order was written with. */
export function checkoutSessionParams(
  order: OrderRow,
  lines: OrderLineRow[],
  email: string,
  publicUrl: string,
  now = Date.now(),
  paymentMethods: Array<'card' | 'upi'> = [],
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    // Named methods (STRIPE_PAYMENT_METHODS), else the ones turned on in the Dashboard (docs/decisions/0051-card-payments-and-refunds.md).
    // The stripe package's types (v19) predate UPI on Checkout, which the API takes as `upi`.
    ...(paymentMethods.length > 0 ? { payment_method_types: paymentMethods as Stripe.Checkout.SessionCreateParams.PaymentMethodType[] } : {}),
    currency: 'inr',
    customer_email: email,
    client_reference_id: order.id,
    metadata: { orderId: order.id, userId: order.userId },
    payment_intent_data: { metadata: { orderId: order.id } },
    // With a coupon the order is one line at its discounted total: Stripe charges exactly what the order says
    // without a coupon object of its own at Stripe (docs/product.md#coupons).
    line_items:
      order.discountAmt > 0
        ? [discountedLine(order, lines)]
        : lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: 'inr',
              // Paise: the unit price after discount, exactly as the order stores it.
              unit_amount: paise(line.unitPrice),
              product_data: {
                // The variant is part of what is bought: Stripe's page and receipt name it.
                name: line.variantName ? `${line.name} (${line.variantName})` : line.name,
                images: publicImages(line.image, publicUrl),
                metadata: { productId: line.productId ?? '', variantId: line.variantId ?? '' },
              },
            },
          })),
    // The order rides along so /success can wait on a UPI payment the app still has to approve.
    success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}&orderId=${order.id}`,
    cancel_url: `${publicUrl}/cancel?orderId=${order.id}`,
    expires_at: Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS,
  };
}

/** The whole order as one line at its total after the coupon, naming what it holds and the coupon. */
function discountedLine(order: OrderRow, lines: OrderLineRow[]): Stripe.Checkout.SessionCreateParams.LineItem {
  const held = lines.map((l) => `${l.variantName ? `${l.name} (${l.variantName})` : l.name} × ${l.quantity}`).join(', ');
  return {
    quantity: 1,
    price_data: {
      currency: 'inr',
      unit_amount: paise(order.totalAmt),
      product_data: {
        name: `Order ${order.id} with coupon ${order.couponCode ?? ''}`.trim(),
        description: held.slice(0, 500),
        metadata: { orderId: order.id },
      },
    },
  };
}
