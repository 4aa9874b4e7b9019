import { countLabel } from '../../../lib/ui/count-label';

/** Five stars filled to the rating (one decimal), with the rating and review count as text beside. */
export function StarRating({ rating, count }: { rating: number; count: number }) {
  const r = Math.min(Math.max(rating || 0, 0), 5);
  return (
    <p className="stars">
      <span className="stars__glyphs" role="img" aria-label={`Rated ${r.toFixed(1)} out of 5`}>
        <span className="stars__fill" style={{ width: `${(r / 5) * 100}%` }} aria-hidden="true">
          ★★★★★
        </span>
        <span aria-hidden="true">★★★★★</span>
      </span>
      <span>
        {r.toFixed(1)} ({count > 0 ? countLabel(count, 'review') : 'No reviews yet'})
      </span>
    </p>
  );
}
