import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { OrderEvents, OrderLifecycle, OrderReader, type OrderChange } from '../orders/index.js';
import type { NoticeJob, NoticeToQueue } from '../notices/index.js';
import { ONDC_ERRORS, OndcRefusal } from './beckn-context.js';
import { findNetworkOrder, unsolicitedRoute } from './network-order-route.js';
import { CallbackOutbox, callbackNotice, type CallbackBody, type OndcCallback } from './callback-outbox.js';
import { OndcGateway } from './ondc-gateway.js';
import { networkOrderMessage } from './network-order-message.js';

/** Reasons a buyer app may cancel an order for (retail 1.2.5's buyer cancellation codes). */
export const BUYER_CANCEL_REASONS = new Set(['051', '052', '053', '999', '010']);
/** The reason the shop gives when it cancels a network order and its admin named none: one or more items not available. */
export const SELLER_CANCEL_REASON = '002';

/** A request about one network order (status, track, cancel), or the shop's own news of one (a move). */
type NewsInput = { networkOrderId: string; reason?: string } | { orderId: string; news: 'moved' | 'cancelled'; reason?: string };

const refused = (message: string) => new OndcRefusal(400, { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest, message });
const unknownOrder = { type: 'DOMAIN-ERROR', code: ONDC_ERRORS.invalidRequest, message: 'No such order of this buyer app.' } as const;

/**
 * status, track and cancel, and the shop's own news of a network order (docs/product.md#selling-on-ondc).
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
      input: { orderId: order.id, news: cancelled ? 'cancelled' : 'moved', ...(cancelled && change.cancelReason ? { reason: change.cancelReason } : {}) },
      expiresAt: null,
    };
    return [callbackNotice(`${callback.action}:${order.id}:${previousStatus}>${order.status}`, callback)];
  }

  private async onStatus(callback: OndcCallback<NewsInput>, job: NoticeJob): Promise<CallbackBody> {
    const found = await findNetworkOrder(this.db, callback);
    if (!found) return { error: unknownOrder };
    return {
      message: networkOrderMessage(this.config, await this.reader.toWire(found.row), found.net),
      ...unsolicitedRoute(this.gateway, callback, found.net, job),
    };
  }

  private async onCancel(callback: OndcCallback<NewsInput>, job: NoticeJob): Promise<CallbackBody> {
    const found = await findNetworkOrder(this.db, callback);
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
      'networkOrderId' in input
        ? { reason: input.reason ?? '', by: found.net.bapId }
        : { reason: input.reason ?? SELLER_CANCEL_REASON, by: this.gateway.bpp().id };
    return {
      message: networkOrderMessage(this.config, await this.reader.toWire(row), found.net, { cancellation }),
      ...unsolicitedRoute(this.gateway, callback, found.net, job),
    };
  }

  /** What the shop knows of where the parcel is: no rider's position, so tracking is inactive until it has one. */
  private async onTrack(callback: OndcCallback<NewsInput>): Promise<CallbackBody> {
    const found = await findNetworkOrder(this.db, callback);
    if (!found) return { error: unknownOrder };
    return { message: { tracking: { id: '1', status: 'inactive', tags: [{ code: 'order', list: [{ code: 'id', value: found.net.networkOrderId }] }] } } };
  }
}

function orderIdOf(message: Record<string, unknown>): string {
  const id = typeof message.order_id === 'string' ? message.order_id.trim() : '';
  if (!id || id.length > 100) throw refused('message.order_id is missing');
  return id;
}
