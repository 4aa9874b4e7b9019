// What other folders may use of orders/: its face (docs/architecture.md#the-apis-floors). Import orders/ only from here.
export { OrderLifecycle } from './lifecycle/order-lifecycle.service.js';
export { deliveredInThePast } from './lifecycle/initial-state.js';
export { newOrderId } from './order-id.js';
export { canTransition, invoicePastDeliveries, isAwaitingCardPayment, lockOrder, markPaymentProcessing } from './lifecycle/transition.js';
export { OrderEvents, orderMoveKey, type OrderChange, type OrderNoticeSource, type PartCancelled, type ReturnMove, type ReturnRefund } from './order-events.js';
export { OrderPlacementService, checkoutPending } from './order-placement.service.js';
export { OrderReader } from './order-reader.js';
export { ReturnsService, returnsOf } from './returns.service.js';
export { setPartCancelRefundId } from './part-cancel-reads.js';
export { OrdersModule } from './orders.module.js';
export {
  buyersWithDelivered,
  orderIdsOf,
  pendingCardOrderOf,
  setOrderCheckoutSession,
  setOrderRefundId,
  setReturnRefundReference,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository.js';
export { ORDER_EXPORT_HEADER, ordersPlacedBetween, type ExportedOrderLine } from './order-export.js';
export { orderOfNetwork, orderRowById } from './order-channel.js';
export { priceOrder, type OrderItem, type PricedOrder } from './order-pricing.js';
export { loadSaleable, shortOfStock, stockOf } from './order-stock.js';
