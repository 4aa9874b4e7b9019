import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orderOfNetwork, orderRowById, type OrderRow } from '../orders/index.js';
import type { NoticeJob } from '../notices/index.js';
import { unsolicitedContext, type BecknContext } from './beckn-context.js';
import type { OndcCallback } from './callback-outbox.js';
import type { OndcGateway } from './ondc-gateway.js';
import { ondcOrders, type OndcOrderRow } from './ondc.table.js';

/** What a callback about one network order names it by: the buyer app's order id (a request), or the shop's (its own news). */
export type NetworkOrderRef = { networkOrderId: string } | { orderId: string };

/**
 * The shop's order a callback is about and where its news goes; null when the buyer app named an order it does not
 * have. A move of an order whose confirm has not recorded its buyer app yet throws, so its news is tried again shortly.
 */
export async function findNetworkOrder(db: Db, callback: OndcCallback<NetworkOrderRef>): Promise<{ row: OrderRow; net: OndcOrderRow } | null> {
  const input = callback.input;
  const row =
    'orderId' in input ? await orderRowById(db, input.orderId) : await orderOfNetwork(db, (callback.context as BecknContext).bap_id, input.networkOrderId);
  if (!row) return null;
  const [net] = await db.select().from(ondcOrders).where(eq(ondcOrders.orderId, row.id));
  if (!net) {
    if ('orderId' in input) throw new Error(`network order ${row.id} is not recorded yet`);
    return null;
  }
  return { row, net };
}

/** The shop's own news goes to the order's buyer app in its transaction, as a message of its own (its id fixed by the news). */
export function unsolicitedRoute(
  gateway: OndcGateway,
  callback: OndcCallback<unknown>,
  net: OndcOrderRow,
  job: NoticeJob,
): { route?: { bapUri: string; context: BecknContext } } {
  if (callback.context) return {};
  const context = unsolicitedContext(
    { domain: net.domain, city: net.city, bap_id: net.bapId, bap_uri: net.bapUri, transaction_id: net.transactionId },
    callback.action,
    gateway.bpp(),
  );
  return { route: { bapUri: net.bapUri, context: { ...context, message_id: uuidOf(job.key) } } };
}

/** A UUID-shaped id fixed by `key`: every try of one notice sends the same message id. */
function uuidOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
