import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import { NEW_ORDERS_PATH, NEW_ORDERS_SEEN_PATH, type NewOrdersCount } from '@haat/shared/orders/new-orders';
import { http } from '../../lib/http/http';
import { queryClient, useOnlineQuery } from '../../lib/query/query-client';

/**
 * The admin's New Orders count (docs/product.md#states), the server's (since Manage Orders was last opened), an online
 * read per admin; socket events only move it at once. "Seen" cancels the reads asked before it, and a read asks only
 * once "seen" is stored.
 */
const NEW_ORDERS = 'new-orders';
let seenStoring: Promise<unknown> = Promise.resolve();

/** The count shown for the signed-in admin (null: not an admin, nothing is read). */
export function useNewOrdersCount(adminId: string | null): number {
  const query = useOnlineQuery({
    queryKey: [NEW_ORDERS, adminId],
    queryFn: async ({ signal }) => {
      await seenStoring;
      const { data } = await http.get(NEW_ORDERS_PATH, { signal, context: { silent: true } }).json<Envelope<NewOrdersCount>>();
      return data?.count ?? 0;
    },
    enabled: adminId !== null,
  });
  return adminId === null ? 0 : (query.data ?? 0);
}

/** The admin opened Manage Orders (or moved an order there): 0 at once, and on the server for next time. */
export async function markOrdersSeen(): Promise<void> {
  await queryClient.cancelQueries({ queryKey: [NEW_ORDERS] });
  queryClient.setQueriesData<number>({ queryKey: [NEW_ORDERS] }, 0);
  // keepalive: leaving or reloading the page right away does not cancel it
  const storing = http.post(NEW_ORDERS_SEEN_PATH, { context: { silent: true }, keepalive: true }).catch(() => undefined);
  seenStoring = storing;
  await storing;
}

/** A new-order event: one more at once, then the server's count (which also covers events missed while away). */
export function countNewOrder(): void {
  queryClient.setQueriesData<number>({ queryKey: [NEW_ORDERS] }, (n) => (n ?? 0) + 1);
  void queryClient.invalidateQueries({ queryKey: [NEW_ORDERS] });
}

/** Manage Orders: opening it is seeing the orders (the badge starts again from 0, on the server too); answers the same write for "handled one more". */
export function useOrdersSeen(): () => void {
  const { mutate } = useMutation({ mutationFn: markOrdersSeen }, queryClient);
  useEffect(() => {
    mutate();
  }, [mutate]);
  return mutate;
}
