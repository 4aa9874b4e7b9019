import type { Envelope } from '@haat/shared/common/envelope';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { UpdateOrderStatusBody } from '@haat/shared/orders/order.schema';
import type { CancelItemsBody } from '@haat/shared/orders/part-cancel';
import type { SellerCancelReason } from '@haat/shared/orders/seller-cancel';
import type { Order } from '@haat/shared/orders/order.types';
import { infiniteQueryOptions, mutationOptions, type InfiniteData } from '@tanstack/react-query';
import { ORDER_LIMITS } from '@haat/shared/orders/order.schema';
import { http } from '../../lib/http/http';
import { problemOf } from '../../lib/http/http-problem';
import { adminKeys } from '../../lib/query/admin-keys';
import { invalidate } from '../../lib/query/query-client';
import { toast } from '../../lib/ui/toast';
import { i18n } from '../../i18n/i18n';

export interface AdminOrdersPage extends Envelope<Order[]> {
  totalCount: number;
  totalNoPage: number;
  page: number;
}

/** docs/product.md#api, Orders, the admin's side (the server checks the role). */
export const adminOrdersApi = {
  list: (page: number, limit: number, status?: OrderStage, signal?: AbortSignal) =>
    http.get('order/admin/orders', { searchParams: { page, limit, ...(status ? { status } : {}) }, signal, context: { silent: true } }).json<AdminOrdersPage>(),
  /** Silent: the screen shows the server's refusal itself. */
  updateStatus: (orderId: string, status: OrderStage, reason?: SellerCancelReason) =>
    http
      .post('order/admin/update-status', {
        json: { orderId, status, ...(reason ? { reason } : {}) } satisfies UpdateOrderStatusBody,
        context: { silent: true },
      })
      .json<Envelope<Order>>(),
  /** Takes units the shop cannot send off an order (docs/product.md#cancelling-part-of-an-order). Silent: its dialog shows a refusal. */
  cancelItems: (body: CancelItemsBody) => http.post('order/admin/cancel-items', { json: body, retry: 0, context: { silent: true } }).json<Envelope<Order>>(),
};

/** Every order (or those at `status`), newest first, a page more at each "Load more"; an order event reads them again (realtime). */
export const adminOrdersQuery = (status?: OrderStage) =>
  infiniteQueryOptions({
    queryKey: adminKeys.orders(status),
    queryFn: ({ pageParam, signal }) =>
      adminOrdersApi.list(pageParam, ORDER_LIMITS.adminPageSize, status, signal).catch((error: unknown) => {
        toast.error(problemOf(error).message || 'Failed to fetch orders');
        throw error;
      }),
    initialPageParam: 1,
    getNextPageParam: (last: AdminOrdersPage, all) => (all.length < (last.totalNoPage ?? 1) ? all.length + 1 : undefined),
  });

/**
 * An admin's move of an order (an online write, lib/query/server-write.ts): the list at `status` takes the moved order at
 * once; a refusal is said in the server's words and the list read again.
 */
export const adminOrderMoveWrite = (status?: OrderStage) =>
  mutationOptions({
    // `reason`: a network order's cancellation, told to its buyer app.
    mutationFn: ({ orderId, status: next, reason }: { orderId: string; status: OrderStage; reason?: SellerCancelReason }) =>
      adminOrdersApi.updateStatus(orderId, next, reason),
    onSuccess: (answer, { orderId }, _before, { client }) => {
      const moved = answer.data;
      if (moved)
        client.setQueryData<InfiniteData<AdminOrdersPage, number>>(
          adminKeys.orders(status),
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((p) => ({ ...p, data: p.data?.map((o) => (o.orderId === orderId ? { ...moved, userId: o.userId } : o)) })),
            },
        );
      toast.success(answer.message);
    },
    onError: (error) => {
      toast.error(problemOf(error).message || 'Failed to update order status');
      return invalidate(...adminKeys.orders(status));
    },
  });

/**
 * Units taken off an order before it leaves the shop (docs/product.md#cancelling-part-of-an-order), an online write
 * (lib/query/server-write.ts): every admin list holding the order takes the answer at once (the order keeps its stage,
 * so it stays in the same lists). A refusal is the dialog's to say (it reads the mutation's error); the lists are read
 * again, as the order may have changed meanwhile (left the shop, or lost units to another admin).
 */
export const adminCancelItemsWrite = () =>
  mutationOptions({
    mutationFn: (body: CancelItemsBody) => adminOrdersApi.cancelItems(body),
    onSuccess: (answer, { orderId }, _before, { client }) => {
      const changed = answer.data;
      if (changed)
        client.setQueriesData<InfiniteData<AdminOrdersPage, number>>(
          { queryKey: adminKeys.orderLists() },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((p) => ({ ...p, data: p.data?.map((o) => (o.orderId === orderId ? { ...changed, userId: o.userId } : o)) })),
            },
        );
      toast.success(i18n.t('orders:partCancel.done', { id: orderId }));
    },
    onError: () => void invalidate(...adminKeys.orderLists()),
  });
