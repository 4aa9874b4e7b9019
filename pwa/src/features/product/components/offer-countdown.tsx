import { LIMITS } from '@haat/shared/common/limits';
import { useCountdown } from '../hooks/use-countdown';
import { useTranslation } from 'react-i18next';

const two = (n: number) => String(n).padStart(2, '0');

/** docs/product.md#states: a 24 h offer countdown from page load, shown only when discounted, gone at zero. */
export function OfferCountdown({ discount }: { discount: number }) {
  const { t } = useTranslation('product');
  const { hours, minutes, seconds, done } = useCountdown(LIMITS.offerCountdownMs, discount > 0);
  if (!(discount > 0) || done) return null;
  return (
    <p className="countdown" role="timer" aria-label={t('offerEndsLabel', { hours, minutes })}>
      <span>{t('offerEnds')}</span> <strong>{t('countdown', { h: two(hours), m: two(minutes), s: two(seconds) })}</strong>
    </p>
  );
}
