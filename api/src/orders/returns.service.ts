import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, ne, notInArray, or } from 'drizzle-orm';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { ErrorCode } from '@haat/shared/common/error-code';
import { spreadDiscount } from '@haat/shared/invoices/invoice-lines';
import { addRupees } from '@haat/shared/money/pricing';
import {
  returnAmount,
  returnableUnits,
  withinReturnWindow,
  type AdminOrderReturn,
  type OrderReturn,
  type ReturnRequestBody,
  type ReturnStatusBody,
} from '@haat/shared/orders/returns';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { DB, type Db } from '../db/database.js';
import { shopperMail } from '../mail/index.js';
import { NoticesService, type NoticeToQueue } from '../notices/index.js';
import { customerRefsByIds } from '../users/index.js';
import { SearchService } from '../search/index.js';
import { lockOrder } from './lifecycle/transition.js';
import { transitionReturn, type ReturnMoved } from './lifecycle/return-transition.js';
import { OrderEvents } from './order-events.js';
import { orderLines, orders, type OrderRow } from './orders.table.js';
import { orderReturns, type OrderReturnRow } from './returns.table.js';
import type { DbOrTx } from './order-tx.js';

/**
 * Returns (docs/product.md#returns): the shopper asks for units of a delivered order back within the
 * return window; an admin moves the return through the lifecycle (lifecycle/return-transition.ts).
 */
@Injectable()
export class ReturnsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: OrderEvents,
    private readonly search: SearchService,
    private readonly notices: NoticesService,
  ) {}

  /**
   * The shopper's request: own delivered order, inside the window, no more units than bought and not yet asked back.
   * `id`: the return's id when its asker fixes it (a buyer app's return, so asking twice is one return).
   */
  async request(userId: string, body: ReturnRequestBody, id: string = newId()): Promise<OrderReturn> {
    const row = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.orderId);
      if (!order || order.userId !== userId) throw notFound('Order');
      const delivered = order.statusHistory.find((h) => h.status === 'DELIVERED');
      if (order.status !== 'DELIVERED' || !delivered) {
        throw new AppError(409, ErrorCode.ReturnNotDelivered, `Order ${order.id} is not delivered yet: a return can be asked for once it is.`, {
          fields: ['orderId'],
        });
      }
      const days = this.config.returnWindowDays;
      if (!withinReturnWindow(new Date(delivered.updatedAt), new Date(), days)) {
        throw new AppError(
          409,
          ErrorCode.ReturnWindowClosed,
          `Returns are accepted within ${days} days of delivery; order ${order.id} was delivered on ${delivered.updatedAt.slice(0, 10)}.`,
          {
            fields: ['orderId'],
            deliveredAt: delivered.updatedAt,
            days,
          },
        );
      }
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
      // What each line cost after the order's coupon, so a refund is what was paid for the units.
      const paid = spreadDiscount(
        lines.map((l) => l.subTotalAmt),
        order.discountAmt,
      );
      // Units and money each line's earlier returns (not rejected) already took: the next units get what is left.
      const asked = new Map<string, { units: number; amount: number }>();
      for (const earlier of await tx
        .select()
        .from(orderReturns)
        .where(and(eq(orderReturns.orderId, order.id), ne(orderReturns.status, 'REJECTED')))) {
        for (const item of earlier.items) {
          const key = cartLineKey(item.productId, item.variantId);
          const seen = asked.get(key) ?? { units: 0, amount: 0 };
          asked.set(key, { units: seen.units + item.quantity, amount: addRupees([seen.amount, item.amount]) });
        }
      }
      const items: OrderReturn['items'] = [];
      const wanted = new Map<string, { productId: string; variantId: string | null; quantity: number }>();
      for (const item of body.items) {
        const key = cartLineKey(item.productId, item.variantId);
        const seen = wanted.get(key);
        wanted.set(key, { productId: item.productId, variantId: item.variantId, quantity: (seen?.quantity ?? 0) + item.quantity });
      }
      for (const [key, item] of wanted) {
        const index = lines.findIndex((l) => l.productId !== null && cartLineKey(l.productId, l.variantId) === key);
        const line = lines[index];
        const earlier = asked.get(key) ?? { units: 0, amount: 0 };
        const left = line ? returnableUnits(line.quantity, earlier.units) : 0;
        if (!line || item.quantity > left) {
          throw new AppError(
            422,
            ErrorCode.ReturnTooMany,
            line ? `You can return at most ${left} of ${line.name} from this order.` : `Order ${order.id} has no such item to return.`,
            { productId: item.productId, left, fields: ['items'] },
          );
        }
        const amount = returnAmount({ paid: paid[index]!, quantity: line.quantity }, earlier, item.quantity);
        const name = line.variantName ? `${line.name} (${line.variantName})` : line.name;
        items.push({ productId: item.productId, variantId: item.variantId, name, quantity: item.quantity, amount, position: line.position });
      }
      const now = new Date();
      const [created] = await tx
        .insert(orderReturns)
        .values({
          id,
          orderId: order.id,
          userId,
          status: 'REQUESTED',
          reason: body.reason,
          items,
          amount: addRupees(items.map((i) => i.amount)),
          history: [{ status: 'REQUESTED', at: now.toISOString() }],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await this.notices.enqueue(tx, this.noticesOf(created!, order.channel));
      return created!;
    });
    return toReturn(row);
  }

  /** An admin's move of a return (APPROVED, REJECTED, RECEIVED, REFUNDED), refused with a 409 when its status does not allow it. */
  async adminMove(adminId: string, body: ReturnStatusBody): Promise<OrderReturn> {
    const moved: ReturnMoved = await this.db.transaction(async (tx) => {
      const [found] = await tx.select({ orderId: orderReturns.orderId }).from(orderReturns).where(eq(orderReturns.id, body.returnId));
      if (!found) throw notFound('Return');
      // The order first, then its return: the same order every writer of the order takes its locks in.
      const order = await lockOrder(tx, found.orderId);
      const [ret] = await tx.select().from(orderReturns).where(eq(orderReturns.id, body.returnId)).for('update');
      if (!order || !ret) throw notFound('Return');
      const step = await transitionReturn(tx, ret, order, body.status, adminId, body.refund);
      await this.notices.enqueue(tx, this.noticesOf(step.after, order.channel));
      return step;
    });
    if (moved.restocked.length) await this.search.productsChanged(moved.restocked, 'stock');
    if (moved.cardRefund) this.events.returnRefunded({ orderId: moved.order.id, returnId: moved.after.id, ...moved.cardRefund });
    return toReturn(moved.after);
  }

  /**
   * The admin's Returns tab: open requests (not rejected or refunded), newest first; or every return. Each
   * with how its order was paid and who asked.
   */
  async list(open: boolean): Promise<AdminOrderReturn[]> {
    const rows = await this.db
      .select({ ret: orderReturns, paymentMethod: orders.paymentMethod })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      // Open: not finished; a return with nothing to refund (a cash order's return to origin) is finished once received.
      .where(
        open ? and(notInArray(orderReturns.status, ['REJECTED', 'REFUNDED']), or(ne(orderReturns.status, 'RECEIVED'), gt(orderReturns.amount, 0))) : undefined,
      )
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(200);
    const userIds = [...new Set(rows.map((r) => r.ret.userId))];
    const customers = new Map((userIds.length ? await customerRefsByIds(this.db, userIds) : []).map((c) => [c._id, c]));
    return rows.map(({ ret, paymentMethod }) => {
      const customer = customers.get(ret.userId);
      return {
        ...toReturn(ret),
        paymentMethod,
        customer: customer ? { _id: customer._id, name: customer.name, email: customer.email, mobile: customer.mobile ?? null } : null,
      };
    });
  }

  /**
   * What the shopper hears of a step: a mail (in the account's language when sent) and a push, as far as they consent;
   * queued in the step's own transaction, so a step and its notices commit together (docs/decisions/0040-push-notices.md).
   */
  private noticesOf(row: OrderReturnRow, channel: OrderRow['channel']): NoticeToQueue[] {
    const mail = shopperMail(`return:${row.id}:${row.status}`, {
      userId: row.userId,
      topic: 'orderUpdates',
      kind: 'returnUpdate',
      values: { orderId: row.orderId, amount: row.amount.toFixed(2) },
      words: { status: `returnStatus.${row.status}` },
    });
    return [
      mail,
      ...this.events.noticesOfReturn({ orderId: row.orderId, userId: row.userId, returnId: row.id, status: row.status, amount: row.amount, channel }),
    ];
  }
}

/** Each order's returns, oldest first, for the order answers. */
export async function returnsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, OrderReturn[]>> {
  const found = new Map<string, OrderReturn[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(orderReturns)
    .where(inArray(orderReturns.orderId, [...orderIds]))
    .orderBy(orderReturns.createdAt);
  for (const row of rows) found.set(row.orderId, [...(found.get(row.orderId) ?? []), toReturn(row)]);
  return found;
}

export function toReturn(row: OrderReturnRow): OrderReturn {
  return {
    _id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    items: row.items,
    amount: row.amount,
    history: row.history,
    refund: row.refund ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
