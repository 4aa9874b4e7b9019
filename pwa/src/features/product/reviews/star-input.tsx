import { MAX_RATING, nextRating } from './review-rules';
import { useTranslation } from '../../../i18n/i18n';

/** Five star buttons: a click sets the rating, a click on the current one clears it (0). */
export function StarInput({ value, onChange, disabled }: { value: number; onChange: (rating: number) => void; disabled?: boolean }) {
  const { t } = useTranslation('product');
  return (
    <div className="star-input" role="group" aria-label={t('reviews.yourRating', { value, max: MAX_RATING })}>
      {Array.from({ length: MAX_RATING }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className={`star-input__star${n <= value ? ' star-input__star--on' : ''}`}
          aria-label={t('reviews.stars', { count: n })}
          aria-pressed={n === value}
          disabled={disabled}
          onClick={() => onChange(nextRating(value, n))}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
}
