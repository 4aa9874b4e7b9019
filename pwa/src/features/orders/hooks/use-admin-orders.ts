import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { SellerCancelReason } from '@haat/shared/orders/seller-cancel';
import { invalidate, useOnlinePages } from '../../../lib/query/query-client';
import { useServerWrite } from '../../../lib/query/server-write';
import { adminOrderMoveWrite, adminOrdersQuery } from '../admin-api';

/** The admin's orders (adminOrdersQuery) and the move of one; `updating`: the one being moved. */
export function useAdminOrders(status?: OrderStage) {
  const pages = adminOrdersQuery(status);
  const { queryKey } = pages;
  const read = useOnlinePages(pages);
  const moving = useServerWrite(adminOrderMoveWrite(status));
  const updating = moving.isPending ? (moving.variables?.orderId ?? null) : null;
  const seen = new Set<string>();
  const orders = (read.data?.pages ?? []).flatMap((p) => p.data ?? []).filter((o) => !seen.has(o.orderId) && seen.add(o.orderId));

  /** One move at a time: a press while one is under way is ignored (its button stays enabled, so the focus stays on it). `reason`: a network order's cancellation, told to its buyer app. */
  const move = (orderId: string, next: OrderStage, onSettled?: () => void, reason?: SellerCancelReason) => {
    if (!moving.isPending) moving.mutate({ orderId, status: next, reason }, { onSettled });
  };

  /** Read again (an order moved elsewhere: a pickup handed over at the counter). */
  const refresh = () => void invalidate(...queryKey);

  return { orders, loaded: read.isFetched, hasMore: read.hasNextPage, loadMore: () => void read.fetchNextPage(), updating, move, refresh };
}
