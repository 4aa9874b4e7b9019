import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { ORDER_STAGES, type OrderStage } from '@haat/shared/orders/order-stages';

/** Manage Orders' stage filter (docs/product.md#screens, Orders): the browser's select (docs/decisions/0041-admin-orders-and-realtime.md). */
export function StageFilter({ value, onChange }: { value: OrderStage | undefined; onChange: (stage: OrderStage | undefined) => void }) {
  const { t } = useTranslation('orders');
  const id = useId();
  return (
    <div className="stage-filter">
      <label htmlFor={id}>{t('manage.stage')}</label>
      <select id={id} value={value ?? ''} data-testid="manage-orders-stage" onChange={(e) => onChange(ORDER_STAGES.find((s) => s === e.target.value))}>
        <option value="">{t('manage.allStages')}</option>
        {ORDER_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {t(`stage.${stage}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
