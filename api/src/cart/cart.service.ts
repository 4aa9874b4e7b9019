import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CartSyncBody } from '@haat/shared/cart/cart.schema';
import { syncDecision } from '@haat/shared/cart/cart.rules';
import { sellingUnit } from '@haat/shared/catalog/selling-unit';
import type { CartItem, CartSyncChange } from '@haat/shared/cart/cart.types';
import type { Totals } from '@haat/shared/money/pricing';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, STATEMENT, defineStatement, type Db, type NamedStatement } from '../db/database.js';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { outOfStock, chosenVariant, cartProductCte, stockForShare } from '../catalog/index.js';
import { availableOf } from '../inventory/index.js';
import { cartItems } from './cart.table.js';
import { keyedCartWrite } from './keyed-answer.js';
import { cartItemOf, readCart, type CartStatementRow, type CartView } from './cart-view.js';

export interface SyncAnswer {
  data: CartItem[];
  totals: Totals;
  changes: CartSyncChange[];
  replayed: boolean;
}

/** The cart line already holds as many units as one order may have of this product. */
const quantityLimit = (product: { id: string; name: string; variant: { _id: string; name: string } | null }, limit: number) =>
  new AppError(
    422,
    ErrorCode.QuantityLimit,
    `You can buy at most ${limit} of ${product.variant ? `${product.name} (${product.variant.name})` : product.name} in one order, and your cart has them all.`,
    { productId: product.id, ...(product.variant ? { variantId: product.variant._id } : {}), limit },
  );

/** The cart already holds every unit in stock: the same payload as OUT_OF_STOCK (productId, available). */
const stockLimit = (product: { id: string; name: string; stock: number; variant: { _id: string; name: string } | null }) =>
  new AppError(
    409,
    ErrorCode.StockLimit,
    `Only ${product.stock} of ${product.variant ? `${product.name} (${product.variant.name})` : product.name} in stock, and all of them are in your cart.`,
    { productId: product.id, ...(product.variant ? { variantId: product.variant._id } : {}), available: product.stock },
  );

interface CartAddValues {
  productId: string;
  variantId: string | null;
  userId: string;
  lineId: string;
}

/** The statement of CartService.add. */
const cartAdd = defineStatement<CartAddValues>(
  'cart-add',
  (p) => sql`
      with ${cartProductCte(sql`${p.productId}`, true)},
      chosen as (
        select ${availableOf(sql`p.id`, sql`${p.variantId}::text`, sql`p.stock`)} as unit_stock from cart_product p
        where (${p.variantId}::text is null and jsonb_array_length(p.variants) = 0)
           or exists (select 1 from jsonb_array_elements(p.variants) e where e->>'_id' = ${p.variantId}::text)
      ),
      existing as (select quantity from cart_items where user_id = ${p.userId} and product_id = ${p.productId} and variant_id is not distinct from ${p.variantId}::text),
      upserted as (
        insert into cart_items (id, user_id, product_id, variant_id, quantity)
        select ${p.lineId}, ${p.userId}, ${p.productId}, ${p.variantId}::text, 1 from chosen
        where unit_stock > 0 and coalesce((select quantity from existing), 0) < least(unit_stock, (select max_per_order from cart_product))
        on conflict (user_id, product_id, variant_id) do update
          set quantity = least(cart_items.quantity + 1, (select unit_stock from chosen), (select max_per_order from cart_product)), updated_at = now()
        returning id, user_id, variant_id, quantity, created_at, updated_at
      )
      select p.id as product_id, p.name, p.image, p.unit, p.price, p.discount, p.stock, p.variants, p.max_per_order, (select quantity from existing) as existing,
             u.id, u.user_id, u.variant_id, u.quantity, u.created_at, u.updated_at
      from cart_product p left join upserted u on true`,
);

interface CartUpdateValues {
  id: string;
  userId: string;
  qty: number;
}

/** The statement of CartService.updateQty. */
const cartUpdateQty = defineStatement<CartUpdateValues>(
  'cart-update-qty',
  (p) => sql`
      with line as (select id, product_id, variant_id from cart_items where id = ${p.id} and user_id = ${p.userId}),
      ${cartProductCte(sql`(select product_id from line)`, false)},
      chosen as (
        select ${availableOf(sql`l.product_id`, sql`l.variant_id`, sql`(select stock from cart_product)`)} as unit_stock from line l
      ),
      updated as (
        update cart_items set quantity = least(${p.qty}::int, (select unit_stock from chosen), (select max_per_order from cart_product)), updated_at = now()
        where id = ${p.id} and user_id = ${p.userId} and (select unit_stock from chosen) > 0
        returning id, user_id, variant_id, quantity, created_at, updated_at
      )
      select p.id as product_id, p.name, p.image, p.unit, p.price, p.discount, p.stock, p.variants, p.max_per_order, (select variant_id from line) as line_variant_id,
             u.id, u.user_id, u.variant_id, u.quantity, u.created_at, u.updated_at
      from cart_product p left join updated u on true`,
);

/**
 * The signed-in user's cart: one line per product and variant with an absolute quantity, never above
 * the stock of what it sells (the variant's own where it keeps one).
 * Every query is scoped by user, so another user's line id is simply not found (404).
 */
@Injectable()
export class CartService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(STATEMENT) private readonly statement: NamedStatement,
  ) {}

  get(userId: string): Promise<CartView> {
    return readCart(this.db, userId);
  }

  /**
   * Adds one unit; adding again raises the quantity, up to the stock of what the line sells. One
   * statement reads the product, its chosen variant and the line, writes the line and answers it
   * (five queries before). The statement writes only for a variant the product has (or none
   * for a product without variants); chosenVariant then names what was wrong.
   */
  async add(userId: string, productId: string, variantId: string | null = null): Promise<CartItem> {
    const [row] = await this.statement<CartStatementRow & { existing: number | null; max_per_order: number }, CartAddValues>(cartAdd, {
      productId,
      variantId,
      userId,
      lineId: newId(),
    });
    if (!row) throw notFound('Product');
    const variant = chosenVariant({ id: productId, name: row.name, variants: row.variants }, variantId);
    const product = {
      id: productId,
      name: row.name,
      stock: sellingUnit({ price: Number(row.price), stock: Number(row.stock), image: row.image }, variant).stock,
      variant,
    };
    if (product.stock <= 0) throw outOfStock(product, 1);
    if (!row.id && (row.existing ?? 0) >= row.max_per_order) throw quantityLimit(product, row.max_per_order);
    if (!row.id) throw stockLimit(product);
    return cartItemOf(row);
  }

  /** qty 0 removes the line; more than the stock is capped at the stock, and the answer says so. One statement otherwise. */
  async updateQty(userId: string, id: string, qty: number): Promise<{ item: CartItem | null; message: string }> {
    if (qty === 0) {
      const gone = await this.db
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
        .returning({ id: cartItems.id });
      if (gone.length === 0) throw notFound('Cart item');
      return { item: null, message: 'Item removed' };
    }
    const [row] = await this.statement<CartStatementRow, CartUpdateValues>(cartUpdateQty, { id, userId, qty });
    if (!row) throw notFound('Cart item');
    const { line_variant_id: lineVariant, max_per_order: limit } = row as CartStatementRow & { line_variant_id: string | null; max_per_order: number };
    const variant = lineVariant === null ? null : (row.variants.find((v) => v._id === lineVariant) ?? null);
    if (lineVariant !== null && !variant) throw notFound('Cart item');
    const stock = sellingUnit({ price: Number(row.price), stock: Number(row.stock), image: row.image }, variant).stock;
    const name = variant ? `${row.name} (${variant.name})` : row.name;
    if (stock <= 0 || !row.id) throw outOfStock({ id: row.product_id, name: row.name, stock, variant }, qty);
    const message =
      row.quantity >= qty
        ? 'Update cart'
        : row.quantity === limit && limit < stock
          ? `You can buy at most ${limit} of ${name} in one order; quantity set to ${limit}.`
          : `Only ${stock} of ${name} in stock; quantity set to ${row.quantity}.`;
    return { item: cartItemOf(row), message };
  }

  async remove(userId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
      .returning({ id: cartItems.id });
    if (gone.length === 0) throw notFound('Cart item');
  }

  /**
   * Offline clients hand over absolute quantities. The first answer to a (user, key) is stored in
   * the same transaction as the cart change; the same key again answers it and changes nothing.
   * The same key with another body is refused (422), as it cannot be a replay.
   */
  async sync(userId: string, key: string, body: CartSyncBody): Promise<SyncAnswer> {
    const requestHash = createHash('sha256').update(JSON.stringify(body.items)).digest('hex');
    return this.db.transaction((tx) =>
      keyedCartWrite(tx, userId, key, requestHash, async () => {
        const changes = await this.applySync(tx, userId, body);
        const view = await readCart(tx, userId);
        return { data: view.items, totals: view.totals, changes };
      }),
    );
  }

  private async applySync(tx: Db, userId: string, body: CartSyncBody): Promise<CartSyncChange[]> {
    const ids = [...new Set(body.items.map((i) => i.productId))];
    // FOR SHARE: a product cannot be deleted or restocked under us while its line is written.
    const found = ids.length === 0 ? [] : await stockForShare(tx, ids);
    const byId = new Map(found.filter((p) => p.publish).map((p) => [p.id, p]));
    const changes: CartSyncChange[] = [];
    for (const item of body.items) {
      const { productId, variantId } = item;
      const product = byId.get(productId);
      // A variant the product does not have (or no variant of a product sold in variants) cannot be
      // bought: the line goes, as a vanished product's does, and the answer says so.
      const variant = variantId === null ? null : product?.variants.find((v) => v._id === variantId);
      const sellable = product && variant !== undefined && (variant !== null || product.variants.length === 0);
      const decision = syncDecision(item.quantity, sellable ? { ...sellingUnit(product, variant), maxPerOrder: product.maxPerOrder } : null);
      if (decision.reason) changes.push({ productId, variantId, reason: decision.reason, requested: item.quantity, applied: decision.applied });
      const mine = and(eq(cartItems.userId, userId), this.sameLine(productId, variantId));
      if (decision.applied === 0) {
        await tx.delete(cartItems).where(mine);
        continue;
      }
      await tx
        .insert(cartItems)
        .values({ id: newId(), userId, productId, variantId, quantity: decision.applied })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId, cartItems.variantId],
          set: { quantity: decision.applied, updatedAt: new Date() },
        });
    }
    return changes;
  }

  /** The cart line of this product in this variant (null: the product without a variant). */
  private sameLine(productId: string, variantId: string | null) {
    return and(eq(cartItems.productId, productId), variantId === null ? isNull(cartItems.variantId) : eq(cartItems.variantId, variantId));
  }
}
