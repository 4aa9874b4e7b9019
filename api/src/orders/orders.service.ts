import { Inject, Injectable } from '@nestjs/common';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { NewOrdersCount } from '@haat/shared/orders/new-orders';
import type { Order } from '@haat/shared/orders/order.types';
import { DB, type Db } from '../db/database.js';
import { AppError, notFound } from '../common/app-error.js';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { InvoiceDocument } from '@haat/shared/invoices/invoice-document';
import type { AuthUser } from '../auth/index.js';
import { creditNotesOf, invoiceOf, keptPdf } from '../invoices/index.js';
import { OrderLifecycle } from './lifecycle/order-lifecycle.service.js';
import { OrderReader } from './order-reader.js';
import { markOrdersSeen, newOrdersFor } from './orders.repository.js';

/** Moving existing orders: a customer cancelling their own, an admin advancing any. */
@Injectable()
export class OrdersService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly reader: OrderReader,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** The admin's New Orders badge. */
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
    return this.lifecycle.move(orderId, 'CANCELLED', 'customer', {
      check: (row) => {
        if (row.userId !== userId) throw notFound('Order');
      },
      read: (tx, after) => this.reader.toWire(after, tx),
    });
  }

  /**
   * An order's tax invoice, or one of its credit notes (by its number; without one, the latest), for its shopper or an
   * admin. Another shopper's order answers 404 exactly like an unknown one; an order not yet invoiced says when it will be.
   */
  async taxDocument(user: AuthUser, orderId: string, kind: 'invoice' | 'credit_note', number?: string): Promise<{ id: string; document: InvoiceDocument }> {
    const order = await this.reader.byId(orderId);
    if (!order || (user.role !== 'ADMIN' && order.userId !== user.id)) throw notFound('Order');
    if (kind === 'invoice') {
      const invoice = await invoiceOf(this.db, orderId);
      if (invoice) return invoice;
      throw new AppError(
        404,
        ErrorCode.NotFound,
        'This order has no tax invoice yet: it is made when the order is paid (card) or delivered (cash on delivery).',
      );
    }
    const notes = await creditNotesOf(this.db, orderId);
    const found = number === undefined ? notes.at(-1) : notes.find((n) => n.number === number);
    if (found) return found;
    throw number === undefined
      ? new AppError(404, ErrorCode.NotFound, 'This order has no credit note: one is made when an invoiced order is cancelled.')
      : new AppError(404, ErrorCode.NotFound, `This order has no credit note ${number}.`, { fields: ['number'] });
  }

  /** A tax document's PDF, drawn once off the API's thread and kept (invoices/kept-pdfs.ts). */
  pdfOf(found: { id: string; document: InvoiceDocument }): Promise<Buffer> {
    return keptPdf(this.db, found);
  }

  /** `reason`: a cancellation's, told to a network order's buyer app. */
  adminMove(orderId: string, stage: OrderStage, reason?: string): Promise<Order> {
    return this.lifecycle.move(orderId, stage, 'admin', {
      ...(reason ? { extras: { cancelReason: reason } } : {}),
      read: (tx, after) => this.reader.toWire(after, tx),
    });
  }

  /**
   * A ready pickup order handed over against its code (docs/product.md#store-pickup): by an admin, or by a store's
   * queue, whose `storeId` must be the order's (another store's order answers 404 like an unknown one).
   */
  handOver(orderId: string, code: string, storeId?: string): Promise<Order> {
    return this.lifecycle.handOver(orderId, code, storeId ? 'store' : 'admin', {
      check: (row) => {
        if (storeId && row.storeId !== storeId) throw notFound('Order');
      },
      read: (tx, after) => this.reader.toWire(after, tx),
    });
  }

  /** A dark store's queue moves one of its own orders: another store's (or a courier order) answers 404 like an unknown one. */
  storeMove(storeId: string, orderId: string, stage: OrderStage): Promise<Order> {
    return this.lifecycle.move(orderId, stage, 'store', {
      check: (row) => {
        if (row.storeId !== storeId) throw notFound('Order');
      },
      read: (tx, after) => this.reader.toWire(after, tx),
    });
  }
}
