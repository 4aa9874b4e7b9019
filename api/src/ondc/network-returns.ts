import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { OrderReturn } from '@haat/shared/orders/returns';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { OrderEvents, OrderReader, ReturnsService, returnsOf, type OrderRow, type PartCancelled, type ReturnMove } from '../orders/index.js';
import type { NoticeJob, NoticeToQueue } from '../notices/index.js';
import { ONDC_ERRORS, type OndcError } from './beckn-context.js';
import { CallbackOutbox, callbackNotice, type CallbackBody, type OndcCallback } from './callback-outbox.js';
import { OndcGateway } from './ondc-gateway.js';
import { networkOrderMessage, type NetworkReturn } from './network-order-message.js';
import { findNetworkOrder, unsolicitedRoute } from './network-order-route.js';
import { RETURN_REASONS, parseUpdate, type ReturnAsked, type UpdateTaken } from './update-request.js';
import { ondcReturns, type OndcOrderRow } from './ondc.table.js';

/** What on_update answers: a buyer app's update (taken by parseUpdate), or the shop's news of one of its returns. */
type UpdateInput = UpdateTaken | { orderId: string; returnId: string } | { orderId: string; cancellationId: string };

const unknownOrder: OndcError = { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.invalidRequest, message: 'No such order of this buyer app.' };

/** The return's state in ONDC's words: asked, approved or rejected by the shop, and back at the shop (received, refunded). */
const RETURN_STATES: Record<OrderReturn['status'], string> = {
  REQUESTED: 'Return_Initiated',
  APPROVED: 'Return_Approved',
  REJECTED: 'Return_Rejected',
  RECEIVED: 'Return_Delivered',
  REFUNDED: 'Return_Delivered',
};

/**
 * Returns over the network (docs/product.md#selling-on-ondc): a buyer app's `update` with a Return fulfilment becomes
 * a return of the shop's own process (returns.service.ts: the same window, the same units left, the same refund and
 * credit note), its on_update says Return_Initiated, and each admin move of it (approved, rejected, received back)
 * is told by an unsolicited on_update queued with the move. Once approved, the quote is the order less the refund, with
 * the refund as the return's quote trail, as the log validation utility checks it.
 */
@Injectable()
export class NetworkReturns implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly gateway: OndcGateway,
    private readonly outbox: CallbackOutbox,
    private readonly events: OrderEvents,
    private readonly reader: OrderReader,
    private readonly returns: ReturnsService,
  ) {}

  onModuleInit(): void {
    this.gateway.take('update', (_c, message) => parseUpdate(message));
    this.outbox.respond<UpdateInput>('on_update', (c, job) => this.onUpdate(c, job));
    this.events.queueNotices({ returnMoved: (move) => this.newsOf(move), partCancelled: (cancelled) => this.partCancelNews(cancelled) });
  }

  /** The admin's move of a network order's return, told to its buyer app (the request itself is answered by its on_update). */
  newsOf(move: ReturnMove): NoticeToQueue[] {
    if (!this.config.ondc || move.channel?.kind !== 'ondc' || move.status === 'REQUESTED' || move.status === 'REFUNDED') return [];
    const callback: OndcCallback<UpdateInput> = {
      action: 'on_update',
      bapUri: null,
      context: null,
      input: { orderId: move.orderId, returnId: move.returnId },
      expiresAt: null,
    };
    return [callbackNotice(`on_update:${move.returnId}:${move.status}`, callback)];
  }

  /** Units the shop took off a network order: its buyer app hears of the Cancel fulfilment by an unsolicited on_update. */
  partCancelNews(cancelled: PartCancelled): NoticeToQueue[] {
    if (!this.config.ondc || cancelled.channel?.kind !== 'ondc') return [];
    const callback: OndcCallback<UpdateInput> = {
      action: 'on_update',
      bapUri: null,
      context: null,
      input: { orderId: cancelled.orderId, cancellationId: cancelled.cancellationId },
      expiresAt: null,
    };
    return [callbackNotice(`on_update:${cancelled.cancellationId}:part-cancel`, callback)];
  }

  private async onUpdate(callback: OndcCallback<UpdateInput>, job: NoticeJob): Promise<CallbackBody> {
    const input = callback.input;
    if ('unsupported' in input) return { error: { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.updateNotPossible, message: input.unsupported } };
    const found = await findNetworkOrder(this.db, callback);
    if (!found) return { error: unknownOrder };
    if ('asked' in input) {
      const refused = await this.ask(found.row, found.net, input.asked);
      if (refused) return { error: refused };
    }
    const returns = await this.networkReturnsOf(found.row.id);
    return {
      message: networkOrderMessage(this.config, await this.reader.toWire(found.row), found.net, { returns }),
      ...unsolicitedRoute(this.gateway, callback, found.net, job),
    };
  }

  /** Asks the shop's return process for the buyer app's return, once: its id is fixed by the buyer app's. */
  private async ask(order: OrderRow, net: OndcOrderRow, asked: ReturnAsked): Promise<OndcError | null> {
    const returnId = returnIdOf(net.bapId, asked.id);
    const line = net.items.find((item) => item.id === asked.itemId);
    if (!line) return { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.itemNotFound, message: `Item ${asked.itemId} is not in order ${net.networkOrderId}.` };
    const made = (await returnsOf(this.db, [order.id])).get(order.id)?.some((r) => r._id === returnId) ?? false;
    if (!made) {
      const reason = `${RETURN_REASONS[asked.reasonId]} (ONDC ${asked.reasonId})${asked.description ? `: ${asked.description}` : ''}`.slice(0, 500);
      try {
        await this.returns.request(
          order.userId,
          { orderId: order.id, items: [{ productId: line.productId, variantId: line.variantId, quantity: asked.quantity }], reason },
          returnId,
        );
      } catch (error) {
        // Not delivered, past the window, more than is left: the return process's own refusal, in its words.
        if (error instanceof AppError && error.getStatus() < 500) return { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.updateNotPossible, message: error.message };
        if (!isUniqueViolation(error)) throw error;
      }
    }
    await this.db
      .insert(ondcReturns)
      .values({
        returnId,
        orderId: order.id,
        bapId: net.bapId,
        networkReturnId: asked.id,
        itemId: asked.itemId,
        quantity: asked.quantity,
        reasonId: asked.reasonId,
      })
      .onConflictDoNothing();
    return null;
  }

  /** The order's returns the network asked for, as its messages carry them. */
  private async networkReturnsOf(orderId: string): Promise<NetworkReturn[]> {
    const [asked, made] = await Promise.all([
      this.db.select().from(ondcReturns).where(eq(ondcReturns.orderId, orderId)).orderBy(ondcReturns.createdAt),
      returnsOf(this.db, [orderId]),
    ]);
    const byId = new Map((made.get(orderId) ?? []).map((r) => [r._id, r]));
    return asked.flatMap((row) => {
      const ret = byId.get(row.returnId);
      if (!ret) return [];
      const refunded = ret.status === 'APPROVED' || ret.status === 'RECEIVED' || ret.status === 'REFUNDED';
      return [
        {
          id: row.networkReturnId,
          itemId: row.itemId,
          quantity: row.quantity,
          reasonId: row.reasonId,
          state: RETURN_STATES[ret.status],
          refund: refunded ? ret.amount : null,
          updatedAt: ret.history.at(-1)?.at ?? ret.createdAt,
          receivedAt: ret.history.find((h) => h.status === 'RECEIVED')?.at ?? null,
        },
      ];
    });
  }
}

/** The shop's id of a buyer app's return (letters and digits, as every id): the same return asked twice is one. */
function returnIdOf(bapId: string, networkReturnId: string): string {
  return `ondcr${createHash('sha256').update(`${bapId}\u0000${networkReturnId}`).digest('hex').slice(0, 32)}`;
}
