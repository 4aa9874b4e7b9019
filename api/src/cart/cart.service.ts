import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { CartSyncBody } from '@haat/shared/cart/cart.schema';
import { syncDecision } from '@haat/shared/cart/cart.rules';
import type { CartItem, CartSyncChange } from '@haat/shared/cart/cart.types';
import type { Totals } from '@haat/shared/money/pricing';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, type Db } from '../db/database.js';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { outOfStock } from '../products/out-of-stock.js';
import { cartProductCte, stockForShare } from '../products/products.repository.js';
import { cartItems } from './cart.table.js';
import { cartSyncResults } from './cart-sync-results.table.js';
import { cartItemOf, readCart, rowsOf, type CartStatementRow, type CartView } from './cart-view.js';

export interface SyncAnswer {
  data: CartItem[];
  totals: Totals;
  changes: CartSyncChange[];
  replayed: boolean;
}

/** Sync answers are kept this long: far longer than any outbox waits to be flushed. */
const SYNC_RESULT_TTL_MS = 7 * 24 * 60 * 60_000;

/** The cart already holds every unit in stock: the same payload as OUT_OF_STOCK (productId, available). */
const stockLimit = (product: { id: string; name: string; stock: number }) =>
  new AppError(409, ErrorCode.StockLimit, `Only ${product.stock} of ${product.name} in stock, and all of them are in your cart.`, {
    productId: product.id,
    available: product.stock,
  });

/**
 * The signed-in user's cart: one line per product with an absolute quantity, never above stock.
 * Every query is scoped by user, so another user's line id is simply not found (404).
 */
@Injectable()
export class CartService {
  constructor(@Inject(DB) private readonly db: Db) {}

  get(userId: string): Promise<CartView> {
    return readCart(this.db, userId);
  }

  /**
   * Adds one unit; adding again raises the quantity, up to the stock. One statement reads the product
   * and the line, writes the line and answers it (issue 14: it took five queries).
   */
  async add(userId: string, productId: string): Promise<CartItem> {
    const [row] = rowsOf<CartStatementRow & { existing: number | null }>(
      await this.db.execute(sql`
        with ${cartProductCte(sql`${productId}`, true)},
        existing as (select quantity from cart_items where user_id = ${userId} and product_id = ${productId}),
        upserted as (
          insert into cart_items (id, user_id, product_id, quantity)
          select ${newId()}, ${userId}, id, 1 from cart_product where stock > 0 and coalesce((select quantity from existing), 0) < stock
          on conflict (user_id, product_id) do update
            set quantity = least(cart_items.quantity + 1, (select stock from cart_product)), updated_at = now()
          returning id, user_id, quantity, created_at, updated_at
        )
        select p.id as product_id, p.name, p.image, p.unit, p.price, p.discount, p.stock, (select quantity from existing) as existing,
               u.id, u.user_id, u.quantity, u.created_at, u.updated_at
        from cart_product p left join upserted u on true`),
    );
    if (!row) throw notFound('Product');
    const product = { id: productId, name: row.name, stock: Number(row.stock) };
    if (product.stock <= 0) throw outOfStock(product, 1);
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
    const [row] = rowsOf<CartStatementRow>(
      await this.db.execute(sql`
        with ${cartProductCte(sql`(select product_id from cart_items where id = ${id} and user_id = ${userId})`, false)},
        updated as (
          update cart_items set quantity = least(${qty}::int, (select stock from cart_product)), updated_at = now()
          where id = ${id} and user_id = ${userId} and (select stock from cart_product) > 0
          returning id, user_id, quantity, created_at, updated_at
        )
        select p.id as product_id, p.name, p.image, p.unit, p.price, p.discount, p.stock, u.id, u.user_id, u.quantity, u.created_at, u.updated_at
        from cart_product p left join updated u on true`),
    );
    if (!row) throw notFound('Cart item');
    const stock = Number(row.stock);
    if (stock <= 0 || !row.id) throw outOfStock({ id: row.product_id, name: row.name, stock }, qty);
    const message = row.quantity < qty ? `Only ${stock} of ${row.name} in stock; quantity set to ${row.quantity}.` : 'Update cart';
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
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx.insert(cartSyncResults).values({ userId, key, requestHash }).onConflictDoNothing().returning({ key: cartSyncResults.key });
      if (!claimed) {
        const [prior] = await tx
          .select()
          .from(cartSyncResults)
          .where(and(eq(cartSyncResults.userId, userId), eq(cartSyncResults.key, key)));
        if (!prior || prior.requestHash !== requestHash || !prior.response) {
          throw new AppError(
            422,
            ErrorCode.IdempotencyKeyReused,
            'Idempotency-Key: this key was already used for a different cart. Send a new key with a new sync.',
            {
              fields: ['Idempotency-Key'],
            },
          );
        }
        return { ...(prior.response as Omit<SyncAnswer, 'replayed'>), replayed: true };
      }
      const changes = await this.applySync(tx, userId, body);
      const view = await readCart(tx, userId);
      const answer = { data: view.items, totals: view.totals, changes };
      await tx
        .update(cartSyncResults)
        .set({ response: answer })
        .where(and(eq(cartSyncResults.userId, userId), eq(cartSyncResults.key, key)));
      await tx.delete(cartSyncResults).where(and(eq(cartSyncResults.userId, userId), lt(cartSyncResults.createdAt, new Date(Date.now() - SYNC_RESULT_TTL_MS))));
      return { ...answer, replayed: false };
    });
  }

  private async applySync(tx: Db, userId: string, body: CartSyncBody): Promise<CartSyncChange[]> {
    const ids = body.items.map((i) => i.productId);
    // FOR SHARE: a product cannot be deleted or restocked under us while its line is written.
    const found = ids.length === 0 ? [] : await stockForShare(tx, ids);
    const byId = new Map(found.filter((p) => p.publish).map((p) => [p.id, p]));
    const changes: CartSyncChange[] = [];
    for (const item of body.items) {
      const decision = syncDecision(item.quantity, byId.get(item.productId) ?? null);
      if (decision.reason) changes.push({ productId: item.productId, reason: decision.reason, requested: item.quantity, applied: decision.applied });
      const mine = and(eq(cartItems.userId, userId), eq(cartItems.productId, item.productId));
      if (decision.applied === 0) {
        await tx.delete(cartItems).where(mine);
        continue;
      }
      await tx
        .insert(cartItems)
        .values({ id: newId(), userId, productId: item.productId, quantity: decision.applied })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: decision.applied, updatedAt: new Date() } });
    }
    return changes;
  }

}
