import { useEffect, useState } from 'react';
import { dueState } from '@haat/shared/orders/due-time';
import { useTranslation } from '../../i18n/i18n';
import { dueTime } from './delivery-promise';
import './arrival-line.css';

/** How often the line looks at the clock: a minute late shows within half a minute. */
const TICK_MS = 30_000;

/**
 * An open express order's arrival (docs/product.md#delivery): "Arriving by 6:08 pm" on India's clock, and once its
 * due time has passed "Running 5 min late", as the store's queue counts it (shared's dueState).
 */
export function ArrivalLine({ dueAt, testId = 'order-arrival' }: { dueAt: string; testId?: string }) {
  const { t } = useTranslation('promise');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const { late, minutesLate } = dueState(dueAt, now);
  return (
    <p className={`arrival-line${late ? ' arrival-line--late' : ''}`} data-testid={testId} data-late={late}>
      {late ? t('late', { count: minutesLate, time: dueTime(dueAt) }) : t('arriving', { time: dueTime(dueAt) })}
    </p>
  );
}
