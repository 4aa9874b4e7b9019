import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { AdminOrderReturn, OrderReturn, ReturnStatusBody } from '@haat/shared/orders/returns';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** The admin's return routes (docs/product.md#returns); a move is silent: the page says a refusal itself. */
export const returnsApi = {
  list: async (all: boolean, signal?: AbortSignal) =>
    (await http.get('order/admin/returns', { cache: 'no-store', signal, searchParams: all ? { all: 'true' } : {} }).json<Envelope<AdminOrderReturn[]>>())
      .data ?? [],
  move: (body: ReturnStatusBody) => http.post('order/admin/return-status', { json: body, retry: 0, context: { silent: true } }).json<Envelope<OrderReturn>>(),
};

/** The open returns, or all of them. */
export const returnsQuery = (all: boolean) => queryOptions({ queryKey: adminKeys.returns(all), queryFn: ({ signal }) => returnsApi.list(all, signal) });
