import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { DELIVERED_STAGE } from '@haat/shared/orders/order-lifecycle';
import { buyAgainProducts, rankBoughtUnits, type BoughtOrder, type BuyAgainProduct } from '@haat/shared/orders/buy-again';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { publishedByIds } from '../catalog/index.js';
import { orderAgain, type OrderAgainAnswer } from '../cart/index.js';
import { factsOf } from './lifecycle/transition.js';
import { orderLines, orders } from './orders.table.js';
import { OrderReader } from './order-reader.js';

/** Buy again and Order again (docs/product.md#buy-again-and-order-again): a shopper's past orders back into the cart. */
@Injectable()
export class BuyAgainService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly reader: OrderReader,
  ) {}

  /**
   * The products of the shopper's delivered orders, ranked by the shared rule (the PWA runs the same one offline),
   * at today's price and stock from the catalogue's read face: a product no longer sold is left out, a sold-out one
   * shown as such. Two reads: the delivered orders' lines (the `status` column narrows, the rule decides), then
   * the products ranked.
   */
  async list(userId: string): Promise<BuyAgainProduct[]> {
    const rows = await this.db
      .select({ order: orders, productId: orderLines.productId, variantId: orderLines.variantId, variantName: orderLines.variantName })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orders.status, DELIVERED_STAGE)))
      .orderBy(asc(orders.id), asc(orderLines.position));
    const byOrder = new Map<string, BoughtOrder>();
    for (const { order, ...line } of rows) {
      const bought = byOrder.get(order.id) ?? { facts: factsOf(order), updatedAt: order.updatedAt.toISOString(), lines: [] };
      (bought.lines as Array<typeof line>).push(line);
      byOrder.set(order.id, bought);
    }
    const ranked = rankBoughtUnits([...byOrder.values()]);
    const products = await publishedByIds(this.db, [...new Set(ranked.map((u) => u.productId))]);
    const productOf = new Map(products.map((p) => [p.id, p]));
    return buyAgainProducts(ranked, ({ productId }) => {
      const p = productOf.get(productId);
      return p && { ...p, _id: p.id, price: Number(p.price), discount: Number(p.discount), stock: p.inventory.stock, variants: p.inventory.variants };
    });
  }

  /** The shopper's own order back into their cart (another's answers 404, exactly like an unknown one). */
  async orderAgain(userId: string, orderId: string, key: string): Promise<OrderAgainAnswer> {
    const order = await this.reader.byId(orderId);
    if (!order || order.userId !== userId) throw notFound('Order');
    return orderAgain(this.db, userId, key, orderId, await this.reader.linesOf([orderId]));
  }
}
