import { useEffect } from 'react';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import { NEW_ORDERS_PATH, NEW_ORDERS_SEEN_PATH, type NewOrdersCount } from '@haat/shared/orders/new-orders';
import { http } from '../../lib/http/http';
import { invalidate, queryClient, useOnlineQuery } from '../../lib/query/query-client';
import { adminKeys } from '../../lib/query/admin-keys';

/**
 * The admin's New Orders count (docs/product.md#states), the server's (since Manage Orders was last opened), an online
 * read per admin; socket events only move it at once. "Seen" cancels the reads asked before it, and a read asks only
 * once "seen" is stored.
 */
let seenStoring: Promise<unknown> = Promise.resolve();

/** GET the count, once "seen" is stored. */
async function fetchNewOrdersCount(signal?: AbortSignal): Promise<number> {
  await seenStoring;
  const { data } = await http.get(NEW_ORDERS_PATH, { signal, context: { silent: true } }).json<Envelope<NewOrdersCount>>();
  return data?.count ?? 0;
}

export const newOrdersQuery = (adminId: string | null) =>
  queryOptions({ queryKey: adminKeys.newOrdersOf(adminId), queryFn: ({ signal }) => fetchNewOrdersCount(signal) });

/** The count shown for the signed-in admin (null: not an admin, nothing is read). */
export function useNewOrdersCount(adminId: string | null): number {
  const query = useOnlineQuery({ ...newOrdersQuery(adminId), enabled: adminId !== null });
  return adminId === null ? 0 : (query.data ?? 0);
}

/** The admin opened Manage Orders (or moved an order there): 0 at once, and on the server for next time. */
export async function markOrdersSeen(): Promise<void> {
  await queryClient.cancelQueries({ queryKey: adminKeys.newOrders() });
  queryClient.setQueriesData<number>({ queryKey: adminKeys.newOrders() }, 0);
  // keepalive: leaving or reloading the page right away does not cancel it
  const storing = http.post(NEW_ORDERS_SEEN_PATH, { context: { silent: true }, keepalive: true }).catch(() => undefined);
  seenStoring = storing;
  await storing;
}

/** A new-order event: one more at once, then the server's count (which also covers events missed while away). */
export function countNewOrder(): void {
  queryClient.setQueriesData<number>({ queryKey: adminKeys.newOrders() }, (n) => (n ?? 0) + 1);
  void invalidate(...adminKeys.newOrders());
}

/** Manage Orders: opening it is seeing the orders (the badge starts again from 0, on the server too); answers the same write for "handled one more". */
export function useOrdersSeen(): () => void {
  const { mutate } = useMutation({ mutationFn: markOrdersSeen }, queryClient);
  useEffect(() => {
    mutate();
  }, [mutate]);
  return mutate;
}
