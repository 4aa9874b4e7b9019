import { useState } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { SellerCancelReason } from '@haat/shared/orders/seller-cancel';
import { problemOf } from '../../../lib/http/http-problem';
import { invalidate, queryClient, useOnlinePages } from '../../../lib/query/query-client';
import { toast } from '../../../lib/ui/toast';
import { adminOrdersApi, adminOrdersQuery, type AdminOrdersPage } from '../admin-api';

/** The admin's orders (adminOrdersQuery) and the move of one; `updating`: the one being moved. */
export function useAdminOrders(status?: OrderStage) {
  const pages = adminOrdersQuery(status);
  const { queryKey } = pages;
  const [updating, setUpdating] = useState<string | null>(null);
  const read = useOnlinePages(pages);
  const seen = new Set<string>();
  const orders = (read.data?.pages ?? []).flatMap((p) => p.data ?? []).filter((o) => !seen.has(o.orderId) && seen.add(o.orderId));

  /** `reason`: a network order's cancellation, told to its buyer app. */
  const move = async (orderId: string, next: OrderStage, reason?: SellerCancelReason) => {
    setUpdating(orderId);
    try {
      const answer = await adminOrdersApi.updateStatus(orderId, next, reason);
      const moved = answer.data;
      if (moved)
        queryClient.setQueryData<InfiniteData<AdminOrdersPage, number>>(
          queryKey,
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((p) => ({ ...p, data: p.data?.map((o) => (o.orderId === orderId ? { ...moved, userId: o.userId } : o)) })),
            },
        );
      toast.success(answer.message);
    } catch (error) {
      toast.error(problemOf(error).message || 'Failed to update order status');
      void invalidate(...queryKey);
    } finally {
      setUpdating(null);
    }
  };

  /** Read again (an order moved elsewhere: a pickup handed over at the counter). */
  const refresh = () => void invalidate(...queryKey);

  return { orders, loaded: read.isFetched, hasMore: read.hasNextPage, loadMore: () => void read.fetchNextPage(), updating, move, refresh };
}
