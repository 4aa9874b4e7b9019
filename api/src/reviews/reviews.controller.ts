import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AddReviewBody, ReviewIdParam, ReviewListQuery } from '@haat/shared/reviews/review.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { badRequest } from '../common/app-error.js';
import { ZBody, ZQuery } from '../common/zod-body.pipe.js';
import { MINUTE, RateLimit } from '../throttle/index.js';
import { ReviewsService } from './reviews.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

function idParam(name: string, raw: string): string {
  const parsed = ReviewIdParam.safeParse(raw);
  if (!parsed.success) throw badRequest(`${name}: must be an id (letters and digits only)`, { fields: [name] });
  return parsed.data;
}

/**
 * Each review changes what its product's page and cards show; a person writes a few a minute at
 * most, so more than 10 a minute from one account (or 60 from one address) is a script: 429.
 */
const REVIEW_LIMIT = { ip: [60, MINUTE] as [number, number], user: [10, MINUTE] as [number, number] };

@Controller('review')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @LocalizedAnswers()
  @Post('add')
  @HttpCode(200)
  @RateLimit(REVIEW_LIMIT)
  @Auth()
  async add(@CurrentUser() user: AuthUser, @ZBody(AddReviewBody) body: AddReviewBody) {
    const { review, created, totalReviews, averageRating } = await this.reviews.add(user.id, body);
    return ok(review, created ? 'Review submitted successfully!' : 'Review updated successfully!', { totalReviews, averageRating, created });
  }

  @LocalizedAnswers()
  @Delete('delete/:reviewId')
  @Auth('ADMIN')
  async remove(@Param('reviewId') reviewId: string) {
    const counts = await this.reviews.remove(idParam('reviewId', reviewId));
    return ok(null, 'Review deleted successfully.', counts);
  }

  /** The signed-in shopper's own review of the product (null when none): the product page's form edits it. */
  @LocalizedAnswers()
  @Get('mine/:productId')
  @Auth()
  async mine(@CurrentUser() user: AuthUser, @Param('productId') productId: string) {
    return ok(await this.reviews.mine(user.id, idParam('productId', productId)), 'Your review');
  }

  /** Public: product pages and cards read it without signing in. */
  @Get(':productId')
  async list(@Param('productId') productId: string, @ZQuery(ReviewListQuery) query: ReviewListQuery) {
    const { data, totalReviews, averageRating } = await this.reviews.list(idParam('productId', productId), query.limit);
    return ok(data, 'Reviews', { totalReviews, averageRating });
  }
}
