import { asc, eq } from 'drizzle-orm';
import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import { cartLineSubtotal } from '@haat/shared/cart/cart.rules';
import type { CartItem } from '@haat/shared/cart/cart.types';
import type { Db } from '../db/database.js';
import { cartProductsByIds } from '../products/products.repository.js';
import { cartItems } from './cart.table.js';

export interface CartView {
  items: CartItem[];
  totals: Totals;
}

/**
 * The cart as spec §3 shows it: productId populated, subTotalAmt per line and the totals, all from
 * the shared pricing rule and the server's own current prices.
 */
export async function readCart(db: Db, userId: string): Promise<CartView> {
  const lines = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const products = lines.length === 0 ? [] : await cartProductsByIds(db, [...new Set(lines.map((l) => l.productId))]);
  const productOf = new Map(products.map((p) => [p._id, p]));
  const rows = lines.flatMap((line) => {
    const product = productOf.get(line.productId);
    return product ? [{ line, product }] : [];
  });
  const items = rows.map(({ line, product }): CartItem => ({
    _id: line.id,
    userId: line.userId,
    productId: { ...product, price: Number(product.price), discount: Number(product.discount) },
    quantity: line.quantity,
    subTotalAmt: cartLineSubtotal({ price: Number(product.price), discount: Number(product.discount) }, line.quantity),
    createdAt: line.createdAt.toISOString(),
    updatedAt: line.updatedAt.toISOString(),
  }));
  const totals = totalsOf(items.map((i) => ({ price: i.productId.price, discount: i.productId.discount, quantity: i.quantity })));
  return { items, totals };
}
