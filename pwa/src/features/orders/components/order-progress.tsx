import { orderSteps } from '@haat/shared/orders/order-lifecycle';
import { ORDER_STAGES, type OrderStage, type StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { useTranslation } from '../../../i18n/i18n';

/**
 * docs/product.md#states: the steps of the order's kind, read from the order process (orderSteps: a dark store's is
 * packed, the warehouse's shipped)
 * and any other stage it reached, those reached highlighted; a cancelled order shows the stages it got to, then Cancelled.
 */
export function OrderProgress({ history, fulfilment }: { history: StatusHistoryEntry[]; fulfilment?: Order['fulfilment'] }) {
  const { t } = useTranslation('orders');
  const reached = new Set(history.map((h) => h.status));
  const base = orderSteps(fulfilment);
  const shown = ORDER_STAGES.filter((s) => s !== 'CANCELLED' && (base.includes(s) || reached.has(s)));
  const steps: OrderStage[] = reached.has('CANCELLED') ? [...shown.filter((s) => reached.has(s)), 'CANCELLED'] : shown;
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
