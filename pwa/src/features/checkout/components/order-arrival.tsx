import { ArrivalLine } from '../../../lib/delivery/arrival-line';
import { useDeviceQuery } from '../../../lib/storage/device-store';

/** The success page's "Arriving by 6:08 pm" for an express order still on its way (docs/product.md#delivery). */
export function OrderArrival({ orderId }: { orderId: string }) {
  const order = useDeviceQuery((db) => db.orders.get(orderId), [orderId]);
  const open = order && order.status !== 'DELIVERED' && order.status !== 'CANCELLED' && order.payment_status !== 'CANCELLED';
  if (!open || order.promise?.kind !== 'express' || !order.dueAt) return null;
  return <ArrivalLine dueAt={order.dueAt} testId="success-arrival" />;
}
