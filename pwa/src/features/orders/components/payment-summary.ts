import type { PaymentStatus } from '@haat/shared/orders/order-stages';
import { i18n } from '../../../i18n/i18n';

/** How an order was paid, in words: "Cash on delivery", "Paid online · Completed" — never the stored codes. */
export function paymentSummary(order: { payment_method?: string; payment_status: PaymentStatus; payment_processing?: boolean; fulfilment?: string }): string {
  // A pickup order's cash is paid at the store's counter (docs/product.md#store-pickup).
  const cash = order.fulfilment === 'pickup' ? 'orders:payment.atStore' : 'orders:payment.cod';
  // A network order's prepaid money was collected by its buyer app (docs/product.md#selling-on-ondc).
  const method = i18n.t(order.payment_method === 'COD' ? cash : order.payment_method === 'NETWORK' ? 'orders:payment.buyerApp' : 'orders:payment.online');
  // Stripe has the payment, a UPI app still to approve it (docs/decisions/0051-card-payments-and-refunds.md).
  if (order.payment_status === 'AWAITING_PAYMENT' && order.payment_processing) return `${method} · ${i18n.t('orders:payment.upiWaiting')}`;
  const status = paymentStatusWords(order.payment_status);
  // "Cash on delivery · Pay on delivery" and "Paid online · Paid" say the same thing twice.
  const says =
    (order.payment_method === 'COD' && order.payment_status === 'CASH ON DELIVERY') || (order.payment_method !== 'COD' && order.payment_status === 'PAID');
  return says ? method : `${method} · ${status}`;
}

/** The payment status alone, in words (the admin table's fallback when an order has no stage yet). */
export const paymentStatusWords = (status: PaymentStatus): string => i18n.t(`orders:payment.${status}`, { defaultValue: status });
