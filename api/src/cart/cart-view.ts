import { asc, eq } from 'drizzle-orm';
import { totalsOf, type Totals } from '@haat/shared/money/pricing';
import { cartLineSubtotal } from '@haat/shared/cart/cart.rules';
import { sellingUnit } from '@haat/shared/catalog/selling-unit';
import type { CartItem } from '@haat/shared/cart/cart.types';
import type { Db } from '../db/database.js';
import { cartProductsByIds, type StoredVariant } from '../catalog/index.js';
import { cartItems } from './cart.table.js';

export interface CartView {
  items: CartItem[];
  totals: Totals;
}

/**
 * The cart as docs/product.md#records shows it: productId populated, subTotalAmt per line and the totals, all from
 * the shared pricing rule and the server's own current prices. A line in a variant carries the
 * variant's price, stock and images in `productId` (docs/product.md#states), and the variant's id and name beside it.
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

/** A row of the cart's one-statement writes: the product as a cart line shows it, and the line (id null when none was written). */
export interface CartStatementRow {
  product_id: string;
  name: string;
  image: string[];
  unit: string;
  price: number | string;
  discount: number | string;
  stock: number | string;
  max_per_order: number | string;
  variants: StoredVariant[];
  id: string | null;
  user_id: string;
  variant_id: string | null;
  quantity: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The cart line of such a row, priced as readCart prices it. Numbers and times are normalised: drivers differ. */
export function cartItemOf(row: CartStatementRow): CartItem {
  const variant = row.variant_id === null ? null : (row.variants.find((v) => v._id === row.variant_id) ?? null);
  const unit = sellingUnit({ price: Number(row.price), stock: Number(row.stock), image: row.image }, variant);
  const discount = Number(row.discount);
  return {
    _id: row.id as string,
    userId: row.user_id,
    productId: {
      _id: row.product_id,
      name: row.name,
      image: unit.image,
      unit: row.unit,
      price: unit.price,
      discount,
      stock: unit.stock,
      maxPerOrder: Number(row.max_per_order),
    },
    variantId: variant?._id ?? null,
    variant: variant ? { _id: variant._id, name: variant.name } : null,
    quantity: row.quantity,
    subTotalAmt: cartLineSubtotal({ price: unit.price, discount }, row.quantity),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
