import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ORDER_LIMITS } from '@haat/shared/orders/order.schema';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { adminOrdersStampAtom } from '../../realtime/public';
import { adminOrdersApi } from '../admin-api';

const LIMIT = ORDER_LIMITS.adminPageSize;

export interface AdminOrders {
  orders: Order[];
  loaded: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** The order id being moved, if any (its controls are disabled meanwhile). */
  updating: string | null;
  move: (orderId: string, status: OrderStage) => Promise<void>;
}

/**
 * Every order, newest first, for the admin screens (online only: admin data is not kept on the
 * device), or only those at `status`. Reloads the pages shown whenever a realtime order event arrives.
 */
export function useAdminOrders(status?: OrderStage): AdminOrders {
  const stamp = useAtomValue(adminOrdersStampAtom);
  const [pages, setPages] = useState(1);
  const [orders, setOrders] = useState<Order[]>([]);
  const [totalPages, setTotalPages] = useState(1);
  const [loaded, setLoaded] = useState(false);
  const [updating, setUpdating] = useState<string | null>(null);
  const request = useRef(0);

  useEffect(() => {
    setPages(1);
  }, [status]);

  const reload = useCallback(
    async (count: number) => {
      const mine = ++request.current;
      try {
        const answers = await Promise.all(Array.from({ length: count }, (_, i) => adminOrdersApi.list(i + 1, LIMIT, status)));
        if (mine !== request.current) return;
        const seen = new Set<string>();
        setOrders(answers.flatMap((a) => a.data ?? []).filter((o) => !seen.has(o.orderId) && seen.add(o.orderId)));
        setTotalPages(answers.at(-1)?.totalNoPage ?? 1);
      } catch (error) {
        if (mine === request.current) toast.error(problemOf(error).message || 'Failed to fetch orders');
      } finally {
        if (mine === request.current) setLoaded(true);
      }
    },
    [status],
  );

  useEffect(() => {
    void reload(pages);
  }, [reload, pages, stamp]);

  const move = useCallback(
    async (orderId: string, status: OrderStage) => {
      setUpdating(orderId);
      try {
        const answer = await adminOrdersApi.updateStatus(orderId, status);
        setOrders((list) => list.map((o) => (o.orderId === orderId && answer.data ? { ...answer.data, userId: o.userId } : o)));
        toast.success(answer.message);
      } catch (error) {
        toast.error(problemOf(error).message || 'Failed to update order status');
        void reload(pages);
      } finally {
        setUpdating(null);
      }
    },
    [reload, pages],
  );

  return { orders, loaded, hasMore: pages < totalPages, loadMore: () => setPages((p) => p + 1), updating, move };
}
