import type { Envelope } from '@haat/shared/common/envelope';
import type { CancelOrderBody } from '@haat/shared/orders/order.schema';
import type { Order } from '@haat/shared/orders/order.types';
import type { OrderReturn, ReturnRequestBody } from '@haat/shared/orders/returns';
import { mutationOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/http';
import { problemOf } from '../../lib/http/http-problem';
import { openStorage } from '../../lib/storage/device-store';
import { toast } from '../../lib/ui/toast';
import { i18n } from '../../i18n/i18n';

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

// The shopper's online writes on an order (lib/query/server-write.ts): what each asks, and what the shopper is told.

/** Cancels an unfinished order: the device's copy takes the answer (its `clientKey` kept), and the shopper is told either way. */
export const cancelOrderWrite = (clientKey: string | undefined) =>
  mutationOptions({
    mutationFn: (orderId: string) => ordersApi.cancel(orderId, true),
    onSuccess: async (answer) => {
      await (await openStorage()).orders.put({ ...answer.data!, clientKey });
      toast.success(answer.message);
    },
    onError: (error) => toast.error(problemOf(error).message || i18n.t('orders:failedCancel')),
  });

/** Asks for units of a delivered order back; a refusal is the dialog's to say (it reads the mutation's error). */
export const requestReturnWrite = () => mutationOptions({ mutationFn: (body: ReturnRequestBody) => ordersApi.requestReturn(body) });
