import { useTranslation } from '../../../i18n/i18n';

const RADIUS = 15;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** docs/product.md#rules-and-limits: a ring filled to the rating out of 5, and the count; unreviewed said in words. */
export function RatingRing({ averageRating, totalReviews }: { averageRating: number; totalReviews: number }) {
  const { t } = useTranslation('catalog');
  const rating = Math.min(Math.max(averageRating || 0, 0), 5);
  const shown = rating.toFixed(1);
  if (!(totalReviews > 0))
    return (
      <span className="rating-ring rating-ring--none">
        <span className="rating-ring__count">{t('noReviews')}</span>
      </span>
    );
  const label = t('reviews', { count: totalReviews });
  return (
    <span className="rating-ring" title={t('rated', { rating: shown })}>
      <svg viewBox="0 0 36 36" width="36" height="36" aria-hidden="true">
        <circle cx="18" cy="18" r={RADIUS} className="rating-ring__track" />
        {rating > 0 && (
          <circle
            cx="18"
            cy="18"
            r={RADIUS}
            className="rating-ring__fill"
            strokeDasharray={`${(rating / 5) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
            transform="rotate(-90 18 18)"
          />
        )}
        <text x="18" y="22" textAnchor="middle">
          {shown}
        </text>
      </svg>
      <span className="visually-hidden">{`${t('rated', { rating: shown })}, `}</span>
      <span className="rating-ring__count">{label}</span>
    </span>
  );
}
