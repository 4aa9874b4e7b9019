import type { OrderStage, PaymentStatus } from './order-stages.js';

/** Sent to the `admins` room when an order is placed (cash on delivery) or paid (card). */
export interface NewOrderEvent {
  orderId: string;
  totalAmt: number;
  /** Epoch milliseconds just after the order's transaction committed (latency measurement, "x ago"). */
  committedAt: number;
}

/** Sent to the order's customer whenever its stage or payment status changes. */
export interface OrderStatusEvent {
  orderId: string;
  status: OrderStage | null;
  payment_status: PaymentStatus;
}

/** The socket.io events the server emits: one typed map for the gateway and the PWA's client. */
export interface ServerToClientEvents {
  'new-order': (event: NewOrderEvent) => void;
  'order-status': (event: OrderStatusEvent) => void;
}

/** The payload of the admins' Web Push notice on a new order. */
export interface NewOrderPush {
  title: string;
  body: string;
  url: string;
  orderId: string;
}

export const ADMIN_ORDERS_PAGE = '/dashboard/myorders';
