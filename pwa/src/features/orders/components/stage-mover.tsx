import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { laterStages } from '../later-stages';
import { STAGE_LABELS } from './order-progress';

/** docs/product.md#states: the admin may move an order to any stage later than the furthest reached; nothing once it is finished. */
export function StageMover({ order, updating, onMove }: { order: Order; updating: boolean; onMove: (status: OrderStage) => void }) {
  const stages = laterStages(order.payment_status, order.statusHistory);
  if (stages.length === 0) return null;
  return (
    <div className="stage-mover" role="group" aria-label={`Move order ${order.orderId} to`}>
      <span className="stage-mover__label" aria-hidden="true">
        {updating ? 'Updating...' : 'Move to:'}
      </span>
      {stages.map((stage) => (
        <button key={stage} type="button" className="btn btn--ghost btn--small" disabled={updating} onClick={() => onMove(stage)}>
          {STAGE_LABELS[stage]}
        </button>
      ))}
    </div>
  );
}
