import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import type { AddReviewBody } from '@haat/shared/reviews/review.schema';
import type { Review, ReviewList } from '@haat/shared/reviews/review.types';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { averageRating, addToReviewCounts, lockProduct, removeFromReviewCounts, reviewCountsOf } from '../catalog/index.js';
import { buyersWithDelivered } from '../orders/index.js';
import { SearchService } from '../search/index.js';
import { namesAndAvatarsByIds } from '../users/index.js';
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
    private readonly search: SearchService,
  ) {}

  /** Newest first; limit 0 answers the counts only (what product cards read). */
  async list(productId: string, limit: number): Promise<ReviewList> {
    const product = await reviewCountsOf(this.db, productId);
    if (!product) throw notFound('Product');
    const rows =
      limit === 0
        ? []
        : await this.db.select().from(reviews).where(eq(reviews.productId, productId)).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
    return { data: await this.withAuthors(productId, rows), ...countsOf(product) };
  }

  /** The signed-in user's own review of a product (the form edits it), or null. */
  async mine(userId: string, productId: string): Promise<Review | null> {
    if (!(await reviewCountsOf(this.db, productId))) throw notFound('Product');
    const rows = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
    return (await this.withAuthors(productId, rows))[0] ?? null;
  }

  /** Names, avatars and "Verified purchase" for rows of one product, in two queries whatever the count. */
  private async withAuthors(productId: string, rows: ReviewRow[]): Promise<Review[]> {
    if (rows.length === 0) return [];
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const [authors, buyers] = await Promise.all([namesAndAvatarsByIds(this.db, userIds), buyersWithDelivered(this.db, productId, userIds)]);
    const authorOf = new Map(authors.map((a) => [a.id, a]));
    return rows.flatMap((r) => {
      const author = authorOf.get(r.userId);
      return author ? [toReview(r, author.name, author.avatar, buyers.has(r.userId))] : [];
    });
  }

  /** A second add by the same user updates their review (and moves the sum by the difference). */
  async add(userId: string, body: AddReviewBody): Promise<{ review: Review; created: boolean } & Counts> {
    const result = await this.db.transaction(async (tx) => {
      if (!(await lockProduct(tx, body.productId, true))) throw notFound('Product');
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
      const counts = await addToReviewCounts(tx, body.productId, existing ? 0 : 1, body.rating - (existing?.rating ?? 0));
      return { row, created: !existing, counts: counts! };
    });
    // Only this product's cached answers go (its page, and the listings and searches showing it), so
    // its new rating shows at once and nothing else of the shop is read again.
    await this.search.productsChanged([body.productId], 'rating');
    const [review] = await this.withAuthors(body.productId, [result.row]);
    return { review: review!, created: result.created, ...countsOf(result.counts) };
  }

  /** Administrators only (checked by the route guard); the body's userId plays no part. */
  async remove(reviewId: string): Promise<Counts & { productId: string }> {
    const found = await this.db.query.reviews.findFirst({ where: eq(reviews.id, reviewId) });
    if (!found) throw notFound('Review');
    const counts = await this.db.transaction(async (tx) => {
      await lockProduct(tx, found.productId, false);
      const [gone] = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning();
      if (!gone) throw notFound('Review');
      const c = await removeFromReviewCounts(tx, gone.productId, gone.rating);
      return c ?? { reviewCount: 0, ratingSum: 0 };
    });
    await this.search.productsChanged([found.productId], 'rating');
    return { productId: found.productId, ...countsOf(counts) };
  }
}

function toReview(row: ReviewRow, name: string, avatar: string, verifiedPurchase: boolean): Review {
  return {
    _id: row.id,
    productId: row.productId,
    name,
    avatar,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    verifiedPurchase,
  };
}
