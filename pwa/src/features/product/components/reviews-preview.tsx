import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { LIMITS } from '@haat/shared/common/limits';
import { isAdminAtom, userAtom } from '../../../lib/http/session';
import { allReviewsQuery } from '../api';
import { useServerQuery } from '../../../lib/query/server-query';
import { useReviews } from '../hooks/use-reviews';
import { lazyPart } from '../../../lib/ui/lazy-part';
import { StarRating } from './star-rating';
import '../reviews/reviews.css';
import { useTranslation } from '../../../i18n/i18n';
import { formatDate } from '../../../i18n/format';

// The form and the viewer's own review read online: loaded when drawn (docs/decisions/0245-online-reads-on-tanstack-query.md).
const loadMine = () => import('../reviews/my-review-form');
const MyReviewForm = lazyPart(async () => (await loadMine()).MyReviewForm);
// The admin's delete, with its dialog: only an admin draws it, online, so it stays out of the precached product page.
const ReviewDelete = lazyPart(async () => (await import('../reviews/review-delete')).ReviewDelete);

/** docs/product.md#screens: Customer Reviews, 3 shown, "+N more reviews" opening the rest; the form; admins' delete. */
export function ReviewsPreview({ productId, fallbackAverage, fallbackCount }: { productId: string; fallbackAverage: number; fallbackCount: number }) {
  const { t } = useTranslation('product');
  const summary = useReviews(productId);
  const admin = useAtomValue(isAdminAtom);
  const userId = useAtomValue(userAtom)?._id ?? null;
  // An admin deleting their own review gets the empty form back.
  const onDeleted = (id: string) => void loadMine().then((m) => m.forgetMyReview(productId, userId, id));
  const reviews = summary?.reviews ?? [];
  const total = summary?.totalReviews ?? fallbackCount;
  const average = summary?.averageRating ?? fallbackAverage;
  // Opened, every review is read at the count shown (TanStack Query loads with the first opening): a review written or
  // deleted since reads them again.
  const [open, setOpen] = useState(false);
  const opened = useServerQuery({ ...allReviewsQuery(productId, total), enabled: open });
  const all = open ? (opened.data ?? null) : null;
  const opening = open && !all && !opened.isError;
  const failed = open && opened.isError;
  const shown = all ?? reviews.slice(0, LIMITS.reviewsPreview);
  const more = total - shown.length;
  const openAll = () => (failed ? opened.retry() : setOpen(true));
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      <StarRating rating={average} count={total} />
      <div className="reviews__body">
        <div className="reviews__read">
          {reviews.length === 0 ? (
            <p>{t('reviews.none')}</p>
          ) : (
            <ul className="reviews__list">
              {shown.map((r) => (
                <li key={r._id} className={`reviews__item${admin ? ' reviews__item--admin' : ''}`}>
                  <p className="reviews__head">
                    <strong>{r.name}</strong>{' '}
                    <span className="reviews__stars" role="img" aria-label={t('reviews.outOf5', { rating: r.rating })}>
                      {'★'.repeat(r.rating)}
                      <span className="reviews__stars-off">{'★'.repeat(Math.max(5 - r.rating, 0))}</span>
                    </span>
                    {r.verifiedPurchase && <span className="reviews__verified">{t('reviews.verified')}</span>}
                  </p>
                  {admin && <ReviewDelete productId={productId} reviewId={r._id} author={r.name} onDeleted={onDeleted} />}
                  {r.comment && <p className="reviews__comment">{r.comment}</p>}
                  <p className="reviews__date">{formatDate(r.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
          {more > 0 && !all && (
            <button type="button" className="reviews__more btn btn--ghost btn--small" disabled={opening} onClick={openAll}>
              {t('reviews.more', { count: more })}
            </button>
          )}
          {all && more > 0 && <p className="reviews__more">{t('reviews.newest', { shown: shown.length, total })}</p>}
          {failed && (
            <p className="reviews__more" role="alert">
              {t('reviews.loadFailed')}
            </p>
          )}
        </div>
        <MyReviewForm
          productId={productId}
          userId={userId}
          loading={
            <p className="review-form review-form--loading" role="status">
              {t('reviewForm.loading')}
            </p>
          }
          failed={<p className="review-form offline-note">{t('review.offline')}</p>}
        />
      </div>
    </section>
  );
}
