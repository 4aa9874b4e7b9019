import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';
import { DB, type Db } from '../db/database.js';
import { paise, rupees, type Paise } from '@haat/shared/money/paise';
import { notFound } from '../common/app-error.js';
import { averageRating, publishedByIds } from '../catalog/index.js';
import { wishlistItems } from './wishlist.table.js';

/** The signed-in user's wishlist: a set of products, so add and remove are safe to repeat. */
@Injectable()
export class WishlistService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The entry starts from the selling price the shopper sees now: a drop is a fall below it (docs/product.md#price-drops). */
  async add(userId: string, productId: string): Promise<void> {
    const [product] = await publishedByIds(this.db, [productId]);
    if (!product) throw notFound('Product');
    await this.db
      .insert(wishlistItems)
      .values({ userId, productId, knownPaise: paise(Number(product.salePrice)) })
      .onConflictDoNothing();
  }

  /**
   * The shopper opened their wishlist: its "Price dropped" marks are seen and cleared (docs/product.md#price-drops).
   * The price each entry knows stays the last one told, so only a fall below it is a new drop. Safe to repeat.
   */
  async seen(userId: string): Promise<void> {
    await this.db
      .update(wishlistItems)
      .set({ droppedFromPaise: null })
      .where(and(eq(wishlistItems.userId, userId), isNotNull(wishlistItems.droppedFromPaise)));
  }

  /** Removing what is not there is not an error: an outbox may replay it. */
  async remove(userId: string, productId: string): Promise<void> {
    await this.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }

  /** Newest first; unpublished products are hidden, not dropped (they come back if republished). */
  async list(userId: string): Promise<WishlistProduct[]> {
    const items = await this.db
      .select({ productId: wishlistItems.productId, addedAt: wishlistItems.createdAt, droppedFrom: wishlistItems.droppedFromPaise })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
    const published =
      items.length === 0
        ? []
        : await publishedByIds(
            this.db,
            items.map((i) => i.productId),
          );
    const productOf = new Map(published.map((p) => [p.id, p]));
    const rows = items.flatMap(({ productId, addedAt, droppedFrom }) => {
      const product = productOf.get(productId);
      return product ? [{ product, addedAt, droppedFrom }] : [];
    });
    return rows.map(({ product: p, addedAt, droppedFrom }) => ({
      _id: p.id,
      name: p.name,
      image: p.image,
      unit: p.unit,
      price: Number(p.price),
      discount: Number(p.discount),
      stock: p.inventory.stock,
      inStock: p.inventory.inStock,
      averageRating: averageRating(p),
      totalReviews: p.reviewCount,
      addedAt: addedAt.toISOString(),
      ...priceDropOf(droppedFrom as Paise | null, paise(Number(p.salePrice))),
    }));
  }
}

/** An unseen drop as the wishlist shows it: from what price, by how much (rupees); none once the price is back up. */
function priceDropOf(from: Paise | null, now: Paise): { priceDrop?: { from: number; by: number } } {
  return from !== null && from > now ? { priceDrop: { from: rupees(from), by: rupees((from - now) as Paise) } } : {};
}
