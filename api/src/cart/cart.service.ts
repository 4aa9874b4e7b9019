import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { CartSyncBody } from '@haat/shared/cart/cart.schema';
import { syncDecision } from '@haat/shared/cart/cart.rules';
import { sellingUnit } from '@haat/shared/catalog/variant.rules';
import type { CartItem, CartSyncChange } from '@haat/shared/cart/cart.types';
import type { Totals } from '@haat/shared/money/pricing';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, type Db } from '../db/database.js';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { outOfStock } from '../products/out-of-stock.js';
import { chosenVariant } from '../products/chosen-variant.js';
import { nameAndStock, publishedNameAndStock, stockForShare } from '../products/products.repository.js';
import { cartItems } from './cart.table.js';
import { cartSyncResults } from './cart-sync-results.table.js';
import { readCart, type CartView } from './cart-view.js';

export interface SyncAnswer {
  data: CartItem[];
  totals: Totals;
  changes: CartSyncChange[];
  replayed: boolean;
}

/** Sync answers are kept this long: far longer than any outbox waits to be flushed. */
const SYNC_RESULT_TTL_MS = 7 * 24 * 60 * 60_000;

/** The cart already holds every unit in stock: the same payload as OUT_OF_STOCK (productId, available). */
const stockLimit = (product: { id: string; name: string; stock: number; variant: { _id: string; name: string } | null }) =>
  new AppError(
    409,
    ErrorCode.StockLimit,
    `Only ${product.stock} of ${product.variant ? `${product.name} (${product.variant.name})` : product.name} in stock, and all of them are in your cart.`,
    { productId: product.id, ...(product.variant ? { variantId: product.variant._id } : {}), available: product.stock },
  );

/**
 * The signed-in user's cart: one line per product and variant with an absolute quantity, never above
 * the stock of what it sells (the variant's own where it keeps one).
 * Every query is scoped by user, so another user's line id is simply not found (404).
 */
@Injectable()
export class CartService {
  constructor(@Inject(DB) private readonly db: Db) {}

  get(userId: string): Promise<CartView> {
    return readCart(this.db, userId);
  }

  /** Adds one unit of the product in the chosen variant; adding again raises the quantity, up to the stock. */
  async add(userId: string, productId: string, variantId: string | null = null): Promise<CartItem> {
    const found = await this.saleable(productId);
    const variant = chosenVariant({ id: productId, ...found }, variantId);
    const product = { id: productId, name: found.name, stock: sellingUnit(found, variant).stock, variant };
    if (product.stock <= 0) throw outOfStock(product, 1);
    const existing = await this.db.query.cartItems.findFirst({ where: and(eq(cartItems.userId, userId), this.sameLine(productId, variantId)) });
    if (existing && existing.quantity >= product.stock) {
      throw stockLimit(product);
    }
    const [line] = await this.db
      .insert(cartItems)
      .values({ id: newId(), userId, productId, variantId, quantity: 1 })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantId],
        set: { quantity: sql`least(${cartItems.quantity} + 1, ${product.stock})`, updatedAt: new Date() },
      })
      .returning({ id: cartItems.id });
    return this.line(userId, line!.id);
  }

  /** qty 0 removes the line; more than the stock is capped at the stock, and the answer says so. */
  async updateQty(userId: string, id: string, qty: number): Promise<{ item: CartItem | null; message: string }> {
    const [line] = await this.db
      .select({ productId: cartItems.productId, variantId: cartItems.variantId })
      .from(cartItems)
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
    const product = line && (await nameAndStock(this.db, line.productId));
    if (!product) throw notFound('Cart item');
    if (qty === 0) {
      await this.db.delete(cartItems).where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
      return { item: null, message: 'Item removed' };
    }
    const variant = line.variantId === null ? null : (product.variants.find((v) => v._id === line.variantId) ?? null);
    if (line.variantId !== null && !variant) throw notFound('Cart item');
    const found = { name: variant ? `${product.name} (${variant.name})` : product.name, stock: sellingUnit(product, variant).stock };
    if (found.stock <= 0) throw outOfStock({ id: line.productId, name: product.name, stock: found.stock, variant }, qty);
    const applied = Math.min(qty, found.stock);
    await this.db
      .update(cartItems)
      .set({ quantity: applied, updatedAt: new Date() })
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
    const message = applied < qty ? `Only ${found.stock} of ${found.name} in stock; quantity set to ${applied}.` : 'Update cart';
    return { item: await this.line(userId, id), message };
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
      const decision = syncDecision(item.quantity, sellable ? sellingUnit(product, variant) : null);
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

  private async saleable(productId: string) {
    const product = await publishedNameAndStock(this.db, productId);
    if (!product) throw notFound('Product');
    return product;
  }

  private async line(userId: string, id: string): Promise<CartItem> {
    const item = (await readCart(this.db, userId)).items.find((i) => i._id === id);
    if (!item) throw notFound('Cart item');
    return item;
  }
}
