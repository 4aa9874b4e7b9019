import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OrderActor } from '@haat/shared/orders/order-lifecycle';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { DB, type Db } from '../../db/database.js';
import { notFound } from '../../common/app-error.js';
import { OrderEvents, type OrderChange } from '../order-events.js';
import { deleteOrder } from '../orders.repository.js';
import type { OrderRow } from '../orders.table.js';
import type { Tx } from '../order-tx.js';
import { SearchService } from '../../search/index.js';
import { NoticesService, type NoticeToQueue } from '../../notices/index.js';
import { releaseStock } from './release-stock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { documentRefundedPayment, isAwaitingCardPayment, lockOrder, transition, type TransitionExtras, type Transitioned } from './transition.js';

export interface MoveOptions<T> {
  /** Runs on the locked row before the move: refuses what the table cannot know (another shopper's order). */
  check?: (row: OrderRow) => void;
  extras?: TransitionExtras;
  /** Reads the answer inside the same transaction, so it shows exactly the committed move. */
  read: (tx: Tx, after: OrderRow) => Promise<T>;
}

/**
 * The order lifecycle as a service: one transaction per move, then the announcement that sets off
 * everything outside the database (sockets, push, metrics, refunds, closing a Stripe session). Callers
 * that already hold a transaction (the Stripe webhook) call `transition` themselves and `announce` after.
 */
@Injectable()
export class OrderLifecycle {
  private readonly logger = new Logger('OrderLifecycle');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: OrderEvents,
    private readonly search: SearchService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: NoticesService,
  ) {}

  /**
   * A move inside the caller's transaction, on a row it locked (the Stripe webhook); `announce` it after the commit.
   * Every move goes through here: the notices it brings (OrderEvents.queueNotices) are queued in the same
   * transaction, one insert, so they exist exactly when the move committed (docs/decisions/0040-push-notices.md).
   */
  async transitionIn(tx: Tx, row: OrderRow, to: OrderStage, actor: OrderActor, extras?: TransitionExtras): Promise<Transitioned> {
    const moved = await transition(tx, row, to, actor, { seller: this.config.seller }, extras);
    await this.notices.enqueue(tx, this.events.noticesOf(changeOf(moved), moved.placed));
    return moved;
  }

  /** A payment on an order already cancelled gets its invoice and a credit note (or the reason it needs none), in the caller's transaction. */
  documentRefundedPayment(tx: Tx, row: OrderRow): Promise<string | null> {
    return documentRefundedPayment(tx, row, { seller: this.config.seller });
  }

  async move<T>(orderId: string, to: OrderStage, actor: OrderActor, options: MoveOptions<T>): Promise<T> {
    const { moved, answer } = await this.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (!row) throw notFound('Order');
      options.check?.(row);
      const moved = await this.transitionIn(tx, row, to, actor, options.extras);
      return { moved, answer: await options.read(tx, moved.after) };
    });
    this.announce(moved);
    return answer;
  }

  /**
   * After the commit: a card order just paid is a new order for the shop; any other move is a
   * change. Units that came back to sale change only their products' cached answers.
   */
  announce(moved: Transitioned): void {
    if (moved.restocked.length) {
      // The move is committed; a cache that cannot hear of it now still refreshes its entry within seconds (read-cache.ts).
      this.search.productsChanged(moved.restocked, 'stock').catch((e: Error) => this.logger.warn(`stock change not announced: ${e.message}`));
    }
    const change = changeOf(moved);
    if (moved.placed) this.events.placed(change);
    else this.events.changed(change);
  }

  /** A cash-on-delivery order was written in its initial state (initialState): the shop hears of it. */
  announcePlaced(order: OrderRow): void {
    this.events.placed(placedChangeOf(order));
  }

  /** The notices a cash-on-delivery order brings, queued by the placement's own statement with the order. */
  noticesOfPlaced(order: OrderRow): NoticeToQueue[] {
    return this.events.noticesOf(placedChangeOf(order), true);
  }

  /**
   * A card order Stripe never gave a session to: the shopper never saw it, so it is removed rather
   * than cancelled, and its stock goes back.
   */
  async discard(orderId: string): Promise<void> {
    const restocked = await this.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (!row || !isAwaitingCardPayment(row)) return [];
      const released = await releaseStock(tx, orderId, 'cancel');
      await deleteOrder(tx, orderId);
      return released;
    });
    if (restocked.length) await this.search.productsChanged(restocked, 'stock');
  }
}

function changeOf(moved: Transitioned): OrderChange {
  return {
    order: moved.after,
    previousStatus: moved.before.status,
    previousPaymentStatus: moved.before.paymentStatus,
    cause: moved.actor,
    refund: moved.refund,
    expireSession: moved.expireSession,
    committedAt: Date.now(),
  };
}

function placedChangeOf(order: OrderRow): OrderChange {
  return {
    order,
    previousStatus: null,
    previousPaymentStatus: order.paymentStatus,
    cause: 'customer',
    refund: null,
    expireSession: null,
    committedAt: Date.now(),
  };
}
