import { useRef, type ComponentProps } from 'react';
import { OrderCard } from './order-card';
import { PartCancel } from './part-cancel';
import { StageMover } from './stage-mover';

/**
 * One order on Manage Orders: its card with the admin's controls, the stage moves and, while the order has not left the
 * shop, "Cancel items" beside them (docs/product.md#cancelling-part-of-an-order). When Cancel items goes away (the order
 * is left one unit), the focus lands on the order's stage moves.
 */
export function ManagedOrder({ order, ...mover }: ComponentProps<typeof StageMover>) {
  const controls = useRef<HTMLDivElement>(null);
  return (
    <OrderCard order={order}>
      <div ref={controls} className="order-card__admin">
        <StageMover order={order} {...mover} />
        <PartCancel order={order} fallbackFocus={() => controls.current?.querySelector<HTMLElement>('.stage-mover[role="group"]')} />
      </div>
    </OrderCard>
  );
}
