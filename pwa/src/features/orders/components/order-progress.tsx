import type { OrderStage, StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import { useTranslation } from '../../../i18n/i18n';

const STEPS: OrderStage[] = ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'];

/** docs/product.md#states: the stages reached highlighted; a cancelled order shows the stages it got to, then Cancelled. */
export function OrderProgress({ history }: { history: StatusHistoryEntry[] }) {
  const { t } = useTranslation('orders');
  const reached = new Set(history.map((h) => h.status));
  const steps: OrderStage[] = reached.has('CANCELLED') ? [...STEPS.filter((s) => reached.has(s)), 'CANCELLED'] : STEPS;
  const reachedFrom = (i: number) => steps.slice(i).some((s) => reached.has(s));
  return (
    <ol className="order-progress" aria-label={t('progress')}>
      {steps.map((stage, i) => (
        <li key={stage} className={`order-progress__step${reached.has(stage) ? ' is-reached' : ''}${i > 0 && reachedFrom(i) ? ' has-line' : ''}`}>
          {t(`stage.${stage}`)}
        </li>
      ))}
    </ol>
  );
}
