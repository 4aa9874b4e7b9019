import { Inject, Injectable } from '@nestjs/common';
import { canAdminMoveTo, canCustomerCancel, type OrderStage } from '@haat/shared/orders/order-stages';
import type { NewOrdersCount } from '@haat/shared/orders/new-orders';
import type { Order } from '@haat/shared/orders/order.types';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, type Db } from '../db/database.js';
import { AppError, notFound } from '../common/app-error.js';
import { OrderEvents, type ChangeCause } from './order-events.js';
import { OrderReader } from './order-reader.js';
import { lockOrder, moveToStage } from './order-transitions.js';
import { markOrdersSeen, newOrdersFor } from './orders.repository.js';
import type { OrderRow } from './orders.table.js';

/** Moving existing orders: a customer cancelling their own, an admin advancing any. */
@Injectable()
export class OrdersService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly reader: OrderReader,
    private readonly events: OrderEvents,
  ) {}

  /** The admin's New Orders badge (issue 12 item 14). */
  async newOrdersFor(adminId: string): Promise<NewOrdersCount> {
    const { count, seenAt } = await newOrdersFor(this.db, adminId);
    return { count, seenAt: seenAt?.toISOString() ?? null };
  }

  /** The admin opened Manage Orders: their badge starts again from 0. */
  async markOrdersSeen(adminId: string): Promise<NewOrdersCount> {
    return { count: 0, seenAt: (await markOrdersSeen(this.db, adminId)).toISOString() };
  }

  /** Own orders only: another customer's order answers 404, exactly like an unknown one. */
  cancelOwn(userId: string, orderId: string): Promise<Order> {
    return this.move(orderId, 'CANCELLED', 'customer', (row) => {
      if (row.userId !== userId) throw notFound('Order');
      if (!canCustomerCancel(row.paymentStatus, row.statusHistory)) {
        throw new AppError(
          409,
          ErrorCode.OrderFinished,
          `Order ${row.id} is already ${row.paymentStatus === 'COMPLETED' ? 'delivered' : 'cancelled'} and cannot be cancelled.`,
        );
      }
    });
  }

  adminMove(orderId: string, stage: OrderStage): Promise<Order> {
    return this.move(orderId, stage, 'admin', (row) => {
      if (!canAdminMoveTo(row.paymentStatus, row.statusHistory, stage)) {
        const why =
          row.paymentStatus === 'COMPLETED' || row.paymentStatus === 'CANCELLED'
            ? `it is already ${row.paymentStatus.toLowerCase()}`
            : row.paymentStatus === 'AWAITING_PAYMENT'
              ? 'its payment has not arrived (it can only be cancelled)'
              : `it has already reached ${row.status}; only a later stage can be set`;
        throw new AppError(409, ErrorCode.StageNotAllowed, `Order ${row.id} cannot move to ${stage}: ${why}.`, {
          status: row.status,
          statusHistory: row.statusHistory,
        });
      }
    });
  }

  private async move(orderId: string, stage: OrderStage, cause: ChangeCause, check: (row: OrderRow) => void): Promise<Order> {
    const { before, after, order } = await this.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (!row) throw notFound('Order');
      check(row);
      const moved = await moveToStage(tx, row, stage);
      return { before: row, after: moved, order: await this.reader.toWire(moved, tx) };
    });
    this.events.changed({ order: after, previousPaymentStatus: before.paymentStatus, cause, committedAt: Date.now() });
    return order;
  }
}
