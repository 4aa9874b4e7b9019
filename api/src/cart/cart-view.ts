import { asc, eq } from 'drizzle-orm';
import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import { cartLineSubtotal } from '@haat/shared/cart/cart.rules';
import { sellingUnit } from '@haat/shared/catalog/variant.rules';
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
 * the shared pricing rule and the server's own current prices. A line in a variant carries the
 * variant's price, stock and images in `productId` (spec §4), and the variant's id and name beside it.
 */
export async function readCart(db: Db, userId: string): Promise<CartView> {
  const lines = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const products = lines.length === 0 ? [] : await cartProductsByIds(db, [...new Set(lines.map((l) => l.productId))]);
  const productOf = new Map(products.map((p) => [p._id, p]));
  // A line whose product, or whose variant, is gone is left out, as a deleted product's is.
  const rows = lines.flatMap((line) => {
    const product = productOf.get(line.productId);
    const variant = line.variantId === null ? null : product?.variants.find((v) => v._id === line.variantId);
    return product && variant !== undefined ? [{ line, product, variant }] : [];
  });
  const items = rows.map(({ line, product: { variants: _variants, ...product }, variant }): CartItem => {
    const unit = sellingUnit({ ...product, price: Number(product.price) }, variant);
    const discount = Number(product.discount);
    return {
      _id: line.id,
      userId: line.userId,
      productId: { ...product, price: unit.price, stock: unit.stock, image: unit.image, discount },
      variantId: variant?._id ?? null,
      variant: variant ? { _id: variant._id, name: variant.name } : null,
      quantity: line.quantity,
      subTotalAmt: cartLineSubtotal({ price: unit.price, discount }, line.quantity),
      createdAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    };
  });
  const totals = totalsOf(items.map((i) => ({ price: i.productId.price, discount: i.productId.discount, quantity: i.quantity })));
  return { items, totals };
}
