import type { Envelope } from '@haat/shared/common/envelope';
import type { AdminOrderReturn, OrderReturn, ReturnStatusBody } from '@haat/shared/orders/returns';
import { http } from '../../lib/http/http';

/**
 * The admin's return routes (docs/product.md#returns). Reads skip every cache (`no-store`): another admin may have
 * moved a return. A move is silent: the Returns tab says a refusal (409 RETURN_STATE) itself and reads the list again.
 */
export const returnsApi = {
  list: async (all: boolean) =>
    (await http.get('order/admin/returns', { cache: 'no-store', searchParams: all ? { all: 'true' } : {} }).json<Envelope<AdminOrderReturn[]>>()).data ?? [],
  move: (body: ReturnStatusBody) => http.post('order/admin/return-status', { json: body, retry: 0, context: { silent: true } }).json<Envelope<OrderReturn>>(),
};
