import type { Envelope } from '@haat/shared/common/envelope';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { factsOfOrder } from '@haat/shared/orders/order-lifecycle';
import { buyAgainProducts, rankBoughtUnits, type BoughtOrder, type BuyAgainProduct, type ProductToday } from '@haat/shared/orders/buy-again';
import { http } from '../http/http';
import type { HaatDB } from './db';
import type { SavedOrder } from './account-tables';
import { askedNow, storeWhenWanted } from './device-store';

// Buy again (docs/product.md#buy-again-and-order-again): the server's answer online; offline, the same shared rule over the orders
// kept on the device, priced by the figures last seen (the last answer kept here, else the catalogue kept for offline).

/** Where the last answer is kept, per shopper (the device's catalogue answers are not wiped on sign-out). */
export const buyAgainKey = (userId: string) => `buy-again:${userId}`;

/** GET /api/order/buy-again; the answer is kept for offline once storage is wanted. */
export async function fetchBuyAgain(userId: string, signal?: AbortSignal): Promise<BuyAgainProduct[]> {
  const asked = askedNow();
  const answer = await http.get('order/buy-again', { signal, context: { silent: true } }).json<Envelope<{ products: BuyAgainProduct[] }>>();
  const products = answer.data?.products ?? [];
  void storeWhenWanted(asked, ({ rowsFor, cachedAnswers }) => [rowsFor(cachedAnswers, [{ key: buyAgainKey(userId), value: products }])]).catch(() => undefined);
  return products;
}

/** The orders kept on the device as the shared rule reads them. */
export function boughtOrders(orders: readonly SavedOrder[]): BoughtOrder[] {
  return orders.map((order) => ({ facts: factsOfOrder(order), updatedAt: order.updatedAt, lines: order.product_details }));
}

/** A unit of the last answer as the rule prices it: its own figures, its option the one it names. */
const keptToday = (kept: BuyAgainProduct): ProductToday => ({ ...kept, variants: kept.variant ? [kept.variant] : [] });

/** Buy again from the device alone: the orders kept here, ranked by the shared rule, each at the figures last seen. */
export async function deviceBuyAgain(db: HaatDB, userId: string): Promise<BuyAgainProduct[]> {
  const [orders, kept] = await Promise.all([db.orders.toArray(), db.meta.get(buyAgainKey(userId))]);
  const ranked = rankBoughtUnits(boughtOrders(orders));
  const lastSeen = new Map(((kept?.value as BuyAgainProduct[] | undefined) ?? []).map((p) => [cartLineKey(p._id, p.variant?._id), p]));
  const products = new Map((await db.products.bulkGet([...new Set(ranked.map((u) => u.productId))])).flatMap((p) => (p ? [[p._id, p] as const] : [])));
  return buyAgainProducts(ranked, (unit) => {
    const seen = lastSeen.get(cartLineKey(unit.productId, unit.variantId));
    return seen ? keptToday(seen) : products.get(unit.productId);
  });
}
