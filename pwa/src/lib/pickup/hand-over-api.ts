import { mutationOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import { HAND_OVER_PATH } from '@haat/shared/orders/pickup';
import { http } from '../http/http';

/** What the counter sends: the order, the code its shopper shows, and the store's queue it is handed over from. */
export interface HandOverBody {
  orderId: string;
  code: string;
  storeId?: string;
}

/** POST /api/store/queue/hand-over, silent: the form says a wrong code beside its field. */
export const handOver = async (json: HandOverBody) => http.post(HAND_OVER_PATH, { json, retry: 0, context: { silent: true } }).json<Envelope<Order>>();

/** The hand-over as an online write (lib/query/server-write.ts): the form says the answer, as only it knows where. */
export const handOverWrite = () => mutationOptions({ mutationFn: handOver });
