import type { Envelope } from '@haat/shared/common/envelope';
import type { CancelOrderBody } from '@haat/shared/orders/order.schema';
import type { Order } from '@haat/shared/orders/order.types';
import type { OrderReturn, ReturnRequestBody } from '@haat/shared/orders/returns';
import { http } from '../../lib/http/http';

/** docs/product.md#api, Orders, the shopper's side (the list is reloaded by lib/order-store.ts). */
export const ordersApi = {
  /** The order's tax invoice, or one of its credit notes by its number, as a PDF (docs/product.md#tax-invoices). */
  taxDocument: (orderId: string, kind: 'invoice' | 'credit-note', number: string) =>
    http
      .get(`order/${encodeURIComponent(orderId)}/${kind}`, {
        headers: { accept: 'application/pdf' },
        ...(kind === 'credit-note' ? { searchParams: { number } } : {}),
        context: { silent: true },
      })
      .blob(),
  /** Asks for units of a delivered order back (docs/product.md#returns). Silent: the return dialog shows a refusal. */
  requestReturn: (body: ReturnRequestBody) => http.post('order/return', { json: body, retry: 0, context: { silent: true } }).json<Envelope<OrderReturn>>(),
  cancel: (orderId: string, silent = false) =>
    http.post('order/cancel', { json: { orderId } satisfies CancelOrderBody, context: { silent } }).json<Envelope<Order>>(),
};
