import type { OrderStage, StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import { useTranslation } from 'react-i18next';

export const STAGE_LABELS: Record<OrderStage, string> = {
  PLACED: 'Placed',
  CONFIRMED: 'Confirmed',
  SHIPPED: 'Shipped',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

const STEPS: Array<[OrderStage, string]> = [
  ['PLACED', 'Placed'],
  ['CONFIRMED', 'Confirmed'],
  ['SHIPPED', 'Shipped'],
  ['OUT_FOR_DELIVERY', 'Out for delivery'],
  ['DELIVERED', 'Delivered'],
];

/**
 * docs/product.md#states: a stage is highlighted if it is in the order's history; the line before it is highlighted
 * when any later stage is reached. A cancelled order shows the stages it got to, then Cancelled.
 */
export function OrderProgress({ history }: { history: StatusHistoryEntry[] }) {
  const { t } = useTranslation('orders');
  const reached = new Set(history.map((h) => h.status));
  const steps: Array<[OrderStage, string]> = reached.has('CANCELLED') ? [...STEPS.filter(([s]) => reached.has(s)), ['CANCELLED', 'Cancelled']] : STEPS;
  const reachedFrom = (i: number) => steps.slice(i).some(([s]) => reached.has(s));
  return (
    <ol className="order-progress" aria-label={t('progress')}>
      {steps.map(([stage, label], i) => (
        <li key={stage} className={`order-progress__step${reached.has(stage) ? ' is-reached' : ''}${i > 0 && reachedFrom(i) ? ' has-line' : ''}`}>
          {t(`stage.${stage}`, { defaultValue: label })}
        </li>
      ))}
    </ol>
  );
}
