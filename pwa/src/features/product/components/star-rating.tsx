import { useTranslation } from '../../../i18n/i18n';

/** Five stars filled to the rating, with rating and count beside; with no review only "No reviews yet". */
export function StarRating({ rating, count }: { rating: number; count: number }) {
  const { t } = useTranslation('product');
  if (!(count > 0))
    return (
      <p className="stars stars--none">
        <span>{t('catalog:noReviews')}</span>
      </p>
    );
  const r = Math.min(Math.max(rating || 0, 0), 5);
  return (
    <p className="stars">
      <span className="stars__glyphs" role="img" aria-label={t('starsLabel', { rating: r.toFixed(1) })}>
        <span className="stars__fill" style={{ width: `${(r / 5) * 100}%` }} aria-hidden="true">
          ★★★★★
        </span>
        <span aria-hidden="true">★★★★★</span>
      </span>
      <span>
        {r.toFixed(1)} ({t('catalog:reviews', { count })})
      </span>
    </p>
  );
}
