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

/**
 * Sent just before the server closes a socket itself (docs/decisions/0041-admin-orders-and-realtime.md):
 * its access token expired without an `auth` renewing it, or the account opened more sockets than one
 * account may keep and this was the oldest.
 */
export interface SocketClosedEvent {
  reason: 'token-expired' | 'too-many-sockets';
}

/** The socket.io events the server emits: one typed map for the gateway and the PWA's client. */
export interface ServerToClientEvents {
  'new-order': (event: NewOrderEvent) => void;
  'order-status': (event: OrderStatusEvent) => void;
  'socket-closed': (event: SocketClosedEvent) => void;
}

/** The answer to `auth`: the socket now lives until `expiresAt` (epoch ms), or the token was refused and nothing changed. */
export type SocketAuthAnswer = { ok: true; expiresAt: number } | { ok: false; code: 'UNAUTHORIZED'; message: string };

/** The socket.io events a client sends: `auth` hands the socket a fresh access token of the same account. */
export interface ClientToServerEvents {
  auth: (payload: { token: string }, ack: (answer: SocketAuthAnswer) => void) => void;
}

/** The payload of an order's Web Push notice: the admins' new-order notice and a shopper's stage notice. */
export interface OrderPush {
  title: string;
  body: string;
  url: string;
  orderId: string;
  /** The notice's key on the shop's queue: a message delivered twice (docs/decisions/0040-push-notices.md) is shown once. */
  tag?: string;
}

/** The admins' notice of a new order. */
export type NewOrderPush = OrderPush;

export const ADMIN_ORDERS_PAGE = '/dashboard/myorders';
