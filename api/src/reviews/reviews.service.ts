import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AddReviewBody } from '@haat/shared/reviews/review.schema';
import type { Review, ReviewList } from '@haat/shared/reviews/review.types';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { CatalogVersion } from '../products/catalog-version.js';
import { averageRating } from '../products/product-wire.js';
import { products } from '../products/products.table.js';
import { users } from '../users/users.table.js';
import { reviews, type ReviewRow } from './reviews.table.js';

type Counts = Pick<ReviewList, 'totalReviews' | 'averageRating'>;

const countsOf = (p: { reviewCount: number; ratingSum: number }): Counts => ({ totalReviews: p.reviewCount, averageRating: averageRating(p) });

/**
 * Reviews, one per user and product. Every write locks the product row and moves its review_count
 * and rating_sum in the same transaction, so the counts on listings never drift from the reviews.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly catalog: CatalogVersion,
  ) {}

  /** Newest first; limit 0 answers the counts only (what product cards read). */
  async list(productId: string, limit: number): Promise<ReviewList> {
    const [product] = await this.db.select({ reviewCount: products.reviewCount, ratingSum: products.ratingSum }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('Product');
    const rows =
      limit === 0
        ? []
        : await this.db
            .select({ review: reviews, name: users.name, avatar: users.avatar })
            .from(reviews)
            .innerJoin(users, eq(users.id, reviews.userId))
            .where(eq(reviews.productId, productId))
            .orderBy(desc(reviews.createdAt), desc(reviews.id))
            .limit(limit);
    return { data: rows.map((r) => toReview(r.review, r.name, r.avatar)), ...countsOf(product) };
  }

  /** A second add by the same user updates their review (and moves the sum by the difference). */
  async add(userId: string, body: AddReviewBody): Promise<{ review: Review; created: boolean } & Counts> {
    const result = await this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, body.productId), eq(products.publish, true)))
        .for('update');
      if (!product) throw notFound('Product');
      const [existing] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.productId, body.productId)));
      let row: ReviewRow;
      if (existing) {
        [row] = (await tx
          .update(reviews)
          .set({ rating: body.rating, comment: body.comment, updatedAt: new Date() })
          .where(eq(reviews.id, existing.id))
          .returning()) as [ReviewRow];
      } else {
        [row] = (await tx
          .insert(reviews)
          .values({ id: newId(), userId, productId: body.productId, rating: body.rating, comment: body.comment })
          .returning()) as [ReviewRow];
      }
      const [counts] = await tx
        .update(products)
        .set({
          reviewCount: sql`${products.reviewCount} + ${existing ? 0 : 1}`,
          ratingSum: sql`${products.ratingSum} + ${body.rating - (existing?.rating ?? 0)}`,
        })
        .where(eq(products.id, body.productId))
        .returning({ reviewCount: products.reviewCount, ratingSum: products.ratingSum });
      return { row, created: !existing, counts: counts! };
    });
    // Listings and product details are cached per catalogue version: show the new rating at once.
    await this.catalog.bump();
    const author = await this.db.query.users.findFirst({ where: eq(users.id, userId) });
    return { review: toReview(result.row, author?.name ?? '', author?.avatar ?? ''), created: result.created, ...countsOf(result.counts) };
  }

  /** Administrators only (checked by the route guard); the body's userId plays no part. */
  async remove(reviewId: string): Promise<Counts & { productId: string }> {
    const found = await this.db.query.reviews.findFirst({ where: eq(reviews.id, reviewId) });
    if (!found) throw notFound('Review');
    const counts = await this.db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, found.productId)).for('update');
      const [gone] = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning();
      if (!gone) throw notFound('Review');
      const [c] = await tx
        .update(products)
        .set({ reviewCount: sql`greatest(${products.reviewCount} - 1, 0)`, ratingSum: sql`greatest(${products.ratingSum} - ${gone.rating}, 0)` })
        .where(eq(products.id, gone.productId))
        .returning({ reviewCount: products.reviewCount, ratingSum: products.ratingSum });
      return c ?? { reviewCount: 0, ratingSum: 0 };
    });
    await this.catalog.bump();
    return { productId: found.productId, ...countsOf(counts) };
  }
}

function toReview(row: ReviewRow, name: string, avatar: string): Review {
  return {
    _id: row.id,
    productId: row.productId,
    name,
    avatar,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
