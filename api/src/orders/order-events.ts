import type { OrderChannel } from '@haat/shared/orders/order.types';
import type { ReturnStatus } from '@haat/shared/orders/returns';
import type { PartCancelMoney } from '@haat/shared/orders/part-cancel';
import { Injectable, Logger } from '@nestjs/common';
import type { OrderActor } from '@haat/shared/orders/order-lifecycle';
import type { OrderStage, PaymentStatus } from '@haat/shared/orders/order-stages';
import type { OrderRow } from './orders.table.js';
import { errorFacts } from '../common/error-facts.js';
import type { NoticeToQueue } from '../notices/index.js';

/** Who moved the order: the shopper, an admin, the payment provider (paid, failed) or the session's expiry. */
export type ChangeCause = OrderActor;

export interface OrderChange {
  order: OrderRow;
  /** The stage before this change (null: a card order not yet paid, or a new order). */
  previousStatus: OrderStage | null;
  previousPaymentStatus: PaymentStatus;
  cause: ChangeCause;
  /** The card payment the order lifecycle decided to give back (a paid order was cancelled), else null. */
  refund: string | null;
  /** The Stripe session the order lifecycle decided to close (an unpaid order was cancelled here), else null. */
  expireSession: string | null;
  /** Epoch ms just after the transaction committed. */
  committedAt: number;
  /** Why it was cancelled, when its canceller said (an admin's reason for a network order's buyer app). */
  cancelReason?: string;
}

/** A returned card order's refund the lifecycle decided on: Stripe is asked for this amount of the payment. */
export interface ReturnRefund {
  orderId: string;
  returnId: string;
  paymentIntent: string;
  /** Rupees. */
  amount: number;
}

/** Units an admin took off an order before it left (docs/product.md#cancelling-part-of-an-order), committed. */
export interface PartCancelled {
  orderId: string;
  userId: string;
  cancellationId: string;
  money: PartCancelMoney;
  /** Rupees: what the units were paid. */
  amount: number;
  /** Where its order came from, when not the PWA (a buyer app hears of it by an unsolicited on_update). */
  channel?: OrderChannel | null;
  /** A card order's payment, refunded `amount` after the commit; null for any other. */
  paymentIntent: string | null;
}

/** A return was asked for or moved (docs/product.md#returns): its shopper hears of it, by notices queued with the step. */
export interface ReturnMove {
  orderId: string;
  userId: string;
  returnId: string;
  status: ReturnStatus;
  /** Rupees: what is refunded. */
  amount: number;
  /** Where its order came from, when not the PWA (a buyer app on ONDC hears of its returns). */
  channel?: OrderChannel | null;
}

export interface OrderListener {
  /** A return of a card order was refunded: its money goes back to the card. */
  returnRefunded?(refund: ReturnRefund): void | Promise<void>;
  /** Units were taken off an order: a card's payment gives back what they were paid. */
  partCancelled?(cancelled: PartCancelled): void | Promise<void>;
  /** A cash-on-delivery order was placed, or a card order was paid. */
  placed?(change: OrderChange): void | Promise<void>;
  /** A stage or payment status changed (including placed). */
  changed?(change: OrderChange): void | Promise<void>;
}

/** What a notice of one move of an order is keyed by (each channel prefixes its own): one move, one notice per channel. */
export function orderMoveKey(orderId: string, previous: OrderStage | null, current: OrderStage | null, refund: string | null): string {
  return `order:${orderId}:${previous ?? 'new'}>${current}${refund ? ':refund' : ''}`;
}

/**
 * The notices a change of an order brings, queued in the transaction that makes the change (docs/decisions/0040-push-notices.md),
 * so a notice exists exactly when its change committed. Pure: no reads, no I/O (the database is the caller's
 * transaction's); whatever depends on the shopper (language, consent, address) is decided when the notice is sent.
 */
export interface OrderNoticeSource {
  /** An order was placed (cash on delivery when written, a card order when paid). */
  placed?(change: OrderChange): readonly NoticeToQueue[];
  /** A stage or payment status changed (including placed). */
  changed?(change: OrderChange): readonly NoticeToQueue[];
  /** A return was asked for or moved: queued in the step's own transaction (returns.service.ts). */
  returnMoved?(move: ReturnMove): readonly NoticeToQueue[];
  /** Units were taken off an order: queued in the same transaction (part-cancels.ts). */
  partCancelled?(cancelled: PartCancelled): readonly NoticeToQueue[];
  /** A pickup order's hand-over locked after too many wrong codes: queued with the lock (lifecycle/hand-over.ts). */
  pickupLocked?(order: OrderRow): readonly NoticeToQueue[];
}

/**
 * What happens after an order commits (socket events, push notices, expiring a Stripe session)
 * listens here, so the order code knows none of it and a failing listener never fails an order.
 * Listeners run after the answer is decided and are not awaited by the request.
 */
@Injectable()
export class OrderEvents {
  private readonly listeners: OrderListener[] = [];
  private readonly sources: OrderNoticeSource[] = [];
  private readonly logger = new Logger('OrderEvents');

  listen(listener: OrderListener): void {
    this.listeners.push(listener);
  }

  /** Registers what notices a change brings; the order lifecycle queues them in the change's own transaction. */
  queueNotices(source: OrderNoticeSource): void {
    this.sources.push(source);
  }

  /** The notices `change` brings (placed: it is a new order). */
  noticesOf(change: OrderChange, placed: boolean): NoticeToQueue[] {
    return this.sources.flatMap((source) => [...(placed ? (source.placed?.(change) ?? []) : []), ...(source.changed?.(change) ?? [])]);
  }

  /** The notices a locked pickup hand-over brings (the admins are told). */
  noticesOfPickupLocked(order: OrderRow): NoticeToQueue[] {
    return this.sources.flatMap((source) => [...(source.pickupLocked?.(order) ?? [])]);
  }

  /** The notices a return's step brings. */
  noticesOfReturn(move: ReturnMove): NoticeToQueue[] {
    return this.sources.flatMap((source) => [...(source.returnMoved?.(move) ?? [])]);
  }

  /** The notices taking units off an order brings. */
  noticesOfPartCancel(cancelled: PartCancelled): NoticeToQueue[] {
    return this.sources.flatMap((source) => [...(source.partCancelled?.(cancelled) ?? [])]);
  }

  partCancelled(cancelled: PartCancelled): void {
    for (const listener of this.listeners) {
      void Promise.resolve(listener.partCancelled?.(cancelled)).catch((e: unknown) =>
        this.logger.warn(`partCancelled listener failed for ${cancelled.cancellationId}: ${errorFacts(e)}`),
      );
    }
  }

  placed(change: OrderChange): void {
    this.fire('placed', change);
    this.fire('changed', change);
  }

  changed(change: OrderChange): void {
    this.fire('changed', change);
  }

  returnRefunded(refund: ReturnRefund): void {
    for (const listener of this.listeners) {
      void Promise.resolve(listener.returnRefunded?.(refund)).catch((e: unknown) =>
        this.logger.warn(`returnRefunded listener failed for ${refund.returnId}: ${errorFacts(e)}`),
      );
    }
  }

  private fire(kind: 'placed' | 'changed', change: OrderChange): void {
    for (const listener of this.listeners) {
      try {
        void Promise.resolve(listener[kind]?.(change)).catch((e: unknown) =>
          this.logger.warn(`${kind} listener failed for ${change.order.id}: ${errorFacts(e)}`),
        );
      } catch (e) {
        this.logger.warn(`${kind} listener failed for ${change.order.id}: ${errorFacts(e)}`);
      }
    }
  }
}
