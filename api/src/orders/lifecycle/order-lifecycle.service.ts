import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OrderActor } from '@haat/shared/orders/order-lifecycle';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { DB, type Db } from '../../db/database.js';
import { OrderEvents, type OrderChange } from '../order-events.js';
import { deleteOrder } from '../orders.repository.js';
import type { OrderRow } from '../orders.table.js';
import type { Tx } from '../order-tx.js';
import { SearchService } from '../../search/index.js';
import { NoticesService, type NoticeToQueue } from '../../notices/index.js';
import { releaseStock } from './release-stock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { documentRefundedPayment, factsOf, isAwaitingCardPayment, lockOrder, transition, type TransitionExtras, type Transitioned } from './transition.js';
import { allowedMove } from '@haat/shared/orders/order-lifecycle';
import { AppError, notFound } from '../../common/app-error.js';
import { ErrorCode } from '@haat/shared/common/error-code';
import { checkPickupCode, codeRefused, type CodeCheck } from './hand-over.js';
import { pickupCodeKey } from './pickup-code.js';
import { pickupExpiryJob } from './pickup-expiry-job.js';
import { JobsService } from '../../jobs/index.js';
import { refusal } from './refusal.js';

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
  /** The key pickup codes are derived with (pickup-code.ts): held here, never stored. */
  readonly pickupCodeKey: Buffer;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: OrderEvents,
    private readonly search: SearchService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: NoticesService,
    private readonly jobs: JobsService,
  ) {
    this.pickupCodeKey = pickupCodeKey(config.jwtAccessSecret);
  }

  /**
   * A move inside the caller's transaction, on a row it locked (the Stripe webhook); `announce` it after the commit.
   * Every move goes through here: the notices it brings (OrderEvents.queueNotices) are queued in the same
   * transaction, one insert, so they exist exactly when the move committed (docs/decisions/0040-push-notices.md); so is
   * the clock of a pickup order made ready (pickup-expiry-job.ts), a job due when its shopper's days to collect end.
   */
  async transitionIn(tx: Tx, row: OrderRow, to: OrderStage, actor: OrderActor, extras?: TransitionExtras): Promise<Transitioned> {
    const moved = await transition(tx, row, to, actor, { seller: this.config.seller }, extras);
    await this.notices.enqueue(tx, this.events.noticesOf(changeOf(moved, extras?.cancelReason), moved.placed));
    const expiry = moved.before.status === moved.after.status ? null : pickupExpiryJob(moved.after);
    if (expiry) await this.jobs.enqueue(tx, expiry);
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
   * A pickup order handed over at the counter against its code (docs/product.md#store-pickup): the move to delivered
   * its row guards with the code, made only when the code is right. The asker is refused as for any move first (not
   * ready, not theirs, already collected), so no code is compared on an order that could not be handed over; a wrong
   * code is counted and answered 422 (429 once the hand-over locks, the admins told in the same transaction).
   */
  async handOver<T>(orderId: string, code: string, actor: 'admin' | 'store', options: MoveOptions<T>): Promise<T> {
    const outcome = await this.db.transaction(async (tx): Promise<{ moved: Transitioned; answer: T } | { refused: Extract<CodeCheck, { right: false }> }> => {
      const row = await lockOrder(tx, orderId);
      if (!row) throw notFound('Order');
      options.check?.(row);
      const move = allowedMove(factsOf(row), 'DELIVERED', actor);
      if (!move) throw refusal(row, factsOf(row), 'DELIVERED', actor);
      if (move.guard !== 'pickupCode')
        throw new AppError(409, ErrorCode.StageNotAllowed, `Order ${row.id} is not picked up at a store: there is nothing to hand over.`);
      const check = await checkPickupCode(tx, row, code, this.pickupCodeKey, options.extras?.now ?? new Date());
      if (!check.right) {
        if (check.justLocked) await this.notices.enqueue(tx, this.events.noticesOfPickupLocked({ ...row, pickupLockedUntil: check.lockedUntil }));
        return { refused: check };
      }
      const moved = await this.transitionIn(tx, row, 'DELIVERED', actor, { ...options.extras, pickupCodeChecked: true });
      return { moved, answer: await options.read(tx, moved.after) };
    });
    if ('refused' in outcome) throw codeRefused(orderId, outcome.refused);
    this.announce(outcome.moved);
    return outcome.answer;
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
    const change = changeOf(moved, undefined);
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

function changeOf(moved: Transitioned, cancelReason: string | undefined): OrderChange {
  return {
    ...(cancelReason && moved.after.status === 'CANCELLED' ? { cancelReason } : {}),
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
