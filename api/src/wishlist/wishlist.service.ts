import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { averageRating, isPublished, publishedByIds } from '../catalog/index.js';
import { wishlistItems } from './wishlist.table.js';

/** The signed-in user's wishlist: a set of products, so add and remove are safe to repeat. */
@Injectable()
export class WishlistService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async add(userId: string, productId: string): Promise<void> {
    if (!(await isPublished(this.db, productId))) throw notFound('Product');
    await this.db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  }

  /** Removing what is not there is not an error: an outbox may replay it. */
  async remove(userId: string, productId: string): Promise<void> {
    await this.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }

  /** Newest first; unpublished products are hidden, not dropped (they come back if republished). */
  async list(userId: string): Promise<WishlistProduct[]> {
    const items = await this.db
      .select({ productId: wishlistItems.productId, addedAt: wishlistItems.createdAt })
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
    const rows = items.flatMap(({ productId, addedAt }) => {
      const product = productOf.get(productId);
      return product ? [{ product, addedAt }] : [];
    });
    return rows.map(({ product: p, addedAt }) => ({
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
    }));
  }
}
