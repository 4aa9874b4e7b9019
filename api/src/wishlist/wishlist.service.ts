import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { averageRating } from '../products/product-wire.js';
import { products } from '../products/products.table.js';
import { wishlistItems } from './wishlist.table.js';

/** The signed-in user's wishlist: a set of products, so add and remove are safe to repeat. */
@Injectable()
export class WishlistService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async add(userId: string, productId: string): Promise<void> {
    const [product] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.publish, true)));
    if (!product) throw notFound('Product');
    await this.db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  }

  /** Removing what is not there is not an error: an outbox may replay it. */
  async remove(userId: string, productId: string): Promise<void> {
    await this.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }

  /** Newest first; unpublished products are hidden, not dropped (they come back if republished). */
  async list(userId: string): Promise<WishlistProduct[]> {
    const rows = await this.db
      .select({ product: products, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), eq(products.publish, true)))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
    return rows.map(({ product: p, addedAt }) => ({
      _id: p.id,
      name: p.name,
      image: p.image,
      unit: p.unit,
      price: Number(p.price),
      discount: Number(p.discount),
      stock: p.stock,
      inStock: p.stock > 0 || p.variants.some((v) => (v.stock ?? 0) > 0),
      averageRating: averageRating(p),
      totalReviews: p.reviewCount,
      addedAt: addedAt.toISOString(),
    }));
  }
}
