import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { OrderEvents, OrderLifecycle, OrderReader, orderOfNetwork, orderRowById, type OrderChange, type OrderRow } from '../orders/index.js';
import type { NoticeJob, NoticeToQueue } from '../notices/index.js';
import { ONDC_ERRORS, OndcRefusal, unsolicitedContext, type BecknContext } from './beckn-context.js';
import { CallbackOutbox, callbackNotice, type CallbackBody, type OndcCallback } from './callback-outbox.js';
import { OndcGateway } from './ondc-gateway.js';
import { networkOrderMessage } from './network-order-message.js';
import { ondcOrders, type OndcOrderRow } from './ondc.table.js';

/** Reasons a buyer app may cancel an order for (retail 1.2.5's buyer cancellation codes). */
export const BUYER_CANCEL_REASONS = new Set(['051', '052', '053', '999', '010']);
/** The reason the shop gives when it cancels a network order (one or more items not available): its admin names none. */
export const SELLER_CANCEL_REASON = '002';

/** A request about one network order (status, track, cancel), or the shop's own news of one (a move). */
type NewsInput = { networkOrderId: string; reason?: string } | { orderId: string; news: 'moved' | 'cancelled' };

const refused = (message: string) => new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message });
const unknownOrder = { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.invalidRequest, message: 'No such order of this buyer app.' } as const;

/**
 * status, track, cancel and update, and the shop's own news of a network order (docs/product.md#selling-on-ondc).
 * THE STAGE HOOK: every move of an order goes through the order lifecycle, which queues the notices a move brings in
 * its own transaction; for a network order that is an unsolicited on_status (or, cancelled by the shop, on_cancel),
 * so the buyer app hears of each move exactly when it committed. The buyer's own cancellation is answered by its
 * on_cancel alone.
 */
@Injectable()
export class NetworkOrderNews implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly gateway: OndcGateway,
    private readonly outbox: CallbackOutbox,
    private readonly events: OrderEvents,
    private readonly lifecycle: OrderLifecycle,
    private readonly reader: OrderReader,
  ) {}

  onModuleInit(): void {
    this.gateway.take('status', (_c, message) => ({ networkOrderId: orderIdOf(message) }));
    this.gateway.take('track', (_c, message) => ({ networkOrderId: orderIdOf(message) }));
    this.gateway.take('cancel', (_c, message) => {
      const reason = typeof message.cancellation_reason_id === 'string' ? message.cancellation_reason_id : '';
      if (!BUYER_CANCEL_REASONS.has(reason)) throw refused(`cancellation_reason_id must be one of ${[...BUYER_CANCEL_REASONS].join(', ')}`);
      return { networkOrderId: orderIdOf(message), reason };
    });
    // Returns and part cancellations are not taken yet: the buyer app hears so in on_update.
    this.gateway.take('update', () => ({}));
    this.outbox.respond('on_update', () =>
      Promise.resolve({
        error: { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.updateNotPossible, message: 'This shop takes no returns or part cancellations over the network yet.' },
      }),
    );
    this.outbox.respond<NewsInput>('on_status', (c, job) => this.onStatus(c, job));
    this.outbox.respond<NewsInput>('on_cancel', (c, job) => this.onCancel(c, job));
    this.outbox.respond<NewsInput>('on_track', (c) => this.onTrack(c));
    this.events.queueNotices({ changed: (change) => this.newsOf(change) });
  }

  /** The stage hook: the callback a committed move of a network order brings (none for a new order or the buyer's own cancel). */
  newsOf(change: OrderChange): NoticeToQueue[] {
    const { order, previousStatus, cause } = change;
    // A shop taken off the network queues no news it could not send (its kind is registered only while on it).
    if (!this.config.ondc || !order.channel || previousStatus === null || previousStatus === order.status) return [];
    const cancelled = order.status === 'CANCELLED';
    if (cancelled && cause === 'customer') return [];
    const callback: OndcCallback<NewsInput> = {
      action: cancelled ? 'on_cancel' : 'on_status',
      bapUri: null,
      context: null,
      input: { orderId: order.id, news: cancelled ? 'cancelled' : 'moved' },
      expiresAt: null,
    };
    return [callbackNotice(`${callback.action}:${order.id}:${previousStatus}>${order.status}`, callback)];
  }

  private async onStatus(callback: OndcCallback<NewsInput>, job: NoticeJob): Promise<CallbackBody> {
    const found = await this.find(callback);
    if (!found) return { error: unknownOrder };
    return { message: networkOrderMessage(this.config, await this.reader.toWire(found.row), found.net), ...this.routeOf(callback, found.net, job) };
  }

  private async onCancel(callback: OndcCallback<NewsInput>, job: NoticeJob): Promise<CallbackBody> {
    const found = await this.find(callback);
    if (!found) return { error: unknownOrder };
    const input = callback.input;
    let row = found.row;
    if ('networkOrderId' in input && row.status !== 'CANCELLED') {
      try {
        row = await this.lifecycle.move(row.id, 'CANCELLED', 'customer', { read: (_tx, after) => Promise.resolve(after) });
      } catch (error) {
        if (error instanceof AppError && error.getStatus() === 409)
          return { error: { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.cancellationNotPossible, message: error.message } };
        throw error;
      }
    }
    const cancellation =
      'networkOrderId' in input ? { reason: input.reason ?? '', by: found.net.bapId } : { reason: SELLER_CANCEL_REASON, by: this.gateway.bpp().id };
    return { message: networkOrderMessage(this.config, await this.reader.toWire(row), found.net, { cancellation }), ...this.routeOf(callback, found.net, job) };
  }

  /** What the shop knows of where the parcel is: no rider's position, so tracking is inactive until it has one. */
  private async onTrack(callback: OndcCallback<NewsInput>): Promise<CallbackBody> {
    const found = await this.find(callback);
    if (!found) return { error: unknownOrder };
    return { message: { tracking: { id: '1', status: 'inactive', tags: [{ code: 'order', list: [{ code: 'id', value: found.net.networkOrderId }] }] } } };
  }

  private async find(callback: OndcCallback<NewsInput>): Promise<{ row: OrderRow; net: OndcOrderRow } | null> {
    const input = callback.input;
    const row =
      'orderId' in input
        ? await orderRowById(this.db, input.orderId)
        : await orderOfNetwork(this.db, (callback.context as BecknContext).bap_id, input.networkOrderId);
    if (!row) return null;
    const [net] = await this.db.select().from(ondcOrders).where(eq(ondcOrders.orderId, row.id));
    // A move of an order whose confirm has not recorded its buyer app yet: tried again shortly.
    if (!net) {
      if ('orderId' in input) throw new Error(`network order ${row.id} is not recorded yet`);
      return null;
    }
    return { row, net };
  }

  /** The shop's own news goes to the order's buyer app in its transaction, as a message of its own (its id fixed by the news). */
  private routeOf(callback: OndcCallback<NewsInput>, net: OndcOrderRow, job: NoticeJob): { route?: { bapUri: string; context: BecknContext } } {
    if (callback.context) return {};
    const context = unsolicitedContext(
      { domain: net.domain, city: net.city, bap_id: net.bapId, bap_uri: net.bapUri, transaction_id: net.transactionId },
      callback.action,
      this.gateway.bpp(),
    );
    return { route: { bapUri: net.bapUri, context: { ...context, message_id: uuidOf(job.key) } } };
  }
}

function orderIdOf(message: Record<string, unknown>): string {
  const id = typeof message.order_id === 'string' ? message.order_id.trim() : '';
  if (!id || id.length > 100) throw refused('message.order_id is missing');
  return id;
}

/** A UUID-shaped id fixed by `key`: every try of one notice sends the same message id. */
function uuidOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
