import { asc, eq } from 'drizzle-orm';
import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import { cartLineSubtotal } from '@haat/shared/cart/cart.rules';
import type { CartItem } from '@haat/shared/cart/cart.types';
import type { Db } from '../db/database.js';
import { cartProductColumns, products } from '../products/products.table.js';
import { cartItems } from './cart.table.js';

export interface CartView {
  items: CartItem[];
  totals: Totals;
}

const productColumns = { _id: products.id, ...cartProductColumns };

/**
 * The cart as spec §3 shows it: productId populated, subTotalAmt per line and the totals, all from
 * the shared pricing rule and the server's own current prices.
 */
export async function readCart(db: Db, userId: string): Promise<CartView> {
  const rows = await db
    .select({ line: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const items = rows.map(
      ({ line, product }): CartItem => ({
        _id: line.id,
        userId: line.userId,
        productId: { ...product, price: Number(product.price), discount: Number(product.discount) },
        quantity: line.quantity,
        subTotalAmt: cartLineSubtotal({ price: Number(product.price), discount: Number(product.discount) }, line.quantity),
        createdAt: line.createdAt.toISOString(),
        updatedAt: line.updatedAt.toISOString(),
      }),
    );
  const totals = totalsOf(items.map((i) => ({ price: i.productId.price, discount: i.productId.discount, quantity: i.quantity })));
  return { items, totals };
}
