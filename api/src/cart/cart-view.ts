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

/** A row of the cart's one-statement writes: the product as a cart line shows it, and the line (null when none was written). */
export interface CartStatementRow {
  product_id: string;
  name: string;
  image: string[];
  unit: string;
  price: number | string;
  discount: number | string;
  stock: number | string;
  id: string | null;
  user_id: string;
  quantity: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The cart line of such a row, priced as readCart prices it. Numbers and times are normalised: drivers differ. */
export function cartItemOf(row: CartStatementRow): CartItem {
  const price = Number(row.price);
  const discount = Number(row.discount);
  return {
    _id: row.id as string,
    userId: row.user_id,
    productId: { _id: row.product_id, name: row.name, image: row.image, unit: row.unit, price, discount, stock: Number(row.stock) },
    quantity: row.quantity,
    subTotalAmt: cartLineSubtotal({ price, discount }, row.quantity),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** node-postgres and PGlite both answer `{ rows }` to db.execute; drizzle's types differ by driver. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
