import { countLabel } from '../../../lib/ui/count-label';

interface Props {
  averageRating: number;
  totalReviews: number;
}

const RADIUS = 15;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** docs/product.md#rules-and-limits: a ring filled in proportion to the rating out of 5 (one decimal), and the review count. */
export function RatingRing({ averageRating, totalReviews }: Props) {
  const rating = Math.min(Math.max(averageRating || 0, 0), 5);
  const shown = rating.toFixed(1);
  const label = totalReviews > 0 ? countLabel(totalReviews, 'review') : 'No reviews yet';
  return (
    <span className="rating-ring" title={`Rated ${shown} out of 5`}>
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
      <span className="visually-hidden">{`Rated ${shown} out of 5, `}</span>
      <span className="rating-ring__count">{label}</span>
    </span>
  );
}
