import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { ErrorCode } from '@haat/shared/common/error-code';
import { PART_CANCEL_STAGES, partCancelMoney, partCancelSums, type CancelItemsBody } from '@haat/shared/orders/part-cancel';
import type { Order } from '@haat/shared/orders/order.types';
import { AppError, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { DB, type Db } from '../db/database.js';
import { releaseAccountHold, releaseOrderUnits } from '../inventory/index.js';
import { issueCreditNote } from '../invoices/index.js';
import { NoticesService } from '../notices/index.js';
import { shopperMail } from '../mail/index.js';
import { SearchService } from '../search/index.js';
import { lockOrder } from './lifecycle/transition.js';
import { OrderEvents, type PartCancelled } from './order-events.js';
import { OrderReader } from './order-reader.js';
import { orderLines, orders } from './orders.table.js';
import { orderPartCancellations, type PartCancelledItem } from './part-cancels.table.js';

/**
 * Cancelling part of an order (docs/product.md#cancelling-part-of-an-order): an admin takes units the shop cannot send
 * off an order before it leaves the shop. In one transaction, under the order's lock: its lines and totals lose them
 * (a line losing every unit goes), their reservation ends in the pool they were reserved from, the account's unpaid
 * hold shrinks, an invoiced (card) order gets a credit note for them, and the cancellation is kept with what each unit
 * was paid; a network order's buyer app is told by a notice queued with it. After the commit a card's payment is
 * refunded that much (payments/card-refunder.ts) and the search's stock answers are refreshed.
 */
@Injectable()
export class PartCancels {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: OrderEvents,
    private readonly notices: NoticesService,
    private readonly search: SearchService,
    private readonly reader: OrderReader,
  ) {}

  async cancelItems(adminId: string, body: CancelItemsBody): Promise<Order> {
    const done = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.orderId);
      if (!order) throw notFound('Order');
      const money = partCancelMoney({ status: order.status, payment_status: order.paymentStatus, payment_method: order.paymentMethod });
      if (!money) {
        const left = order.status === null || !PART_CANCEL_STAGES.includes(order.status);
        throw new AppError(
          409,
          ErrorCode.PartCancelNotPossible,
          left && order.status !== null
            ? `Order ${order.id} has left the shop: units can be taken off only before it does.`
            : `Order ${order.id} waits for its payment: units can be taken off once it is paid.`,
          { status: order.status, fields: ['orderId'] },
        );
      }
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
      // The same line named twice asks for both counts.
      const units = lines.map(() => 0);
      for (const item of body.items) {
        const at = lines.findIndex((l) => cartLineKey(l.productId ?? '', l.variantId) === cartLineKey(item.productId, item.variantId));
        if (at < 0) throw new AppError(400, ErrorCode.Validation, `Order ${order.id} has no such item.`, { productId: item.productId, fields: ['items'] });
        units[at] = units[at]! + item.quantity;
        const line = lines[at]!;
        if (units[at] > line.quantity) {
          throw new AppError(400, ErrorCode.Validation, `Order ${order.id} holds ${line.quantity} of ${line.name}: no more can be taken off.`, {
            productId: item.productId,
            held: line.quantity,
            fields: ['items'],
          });
        }
      }
      const taken = units.reduce((n, u) => n + u, 0);
      if (taken >= order.quantity) {
        throw new AppError(
          409,
          ErrorCode.PartCancelNotPossible,
          `Taking these units off would leave order ${order.id} empty: cancel the whole order instead.`,
          {
            fields: ['items'],
          },
        );
      }
      const sums = partCancelSums(order, lines, units);
      const now = new Date();
      const items: PartCancelledItem[] = lines.flatMap((line, i) =>
        units[i]
          ? [
              {
                productId: line.productId,
                variantId: line.variantId,
                name: line.name,
                variantName: line.variantName,
                quantity: units[i],
                unitPrice: line.unitPrice,
                amount: sums.amounts[i]!,
                position: line.position,
              },
            ]
          : [],
      );
      for (const [i, line] of lines.entries()) {
        if (!units[i]) continue;
        if (units[i] === line.quantity) await tx.delete(orderLines).where(eq(orderLines.id, line.id));
        else
          await tx
            .update(orderLines)
            .set({ quantity: line.quantity - units[i], subTotalAmt: sums.lineTotals[i]! })
            .where(eq(orderLines.id, line.id));
      }
      const unhold = Math.min(order.heldUnits, taken);
      const [after] = await tx
        .update(orders)
        .set({
          quantity: order.quantity - taken,
          subTotalAmt: sums.subTotalAmt,
          discountAmt: sums.discountAmt,
          totalAmt: sums.totalAmt,
          heldUnits: order.heldUnits - unhold,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id))
        .returning();
      if (unhold > 0) await releaseAccountHold(tx, order.userId, unhold);
      const released = await releaseOrderUnits(
        tx,
        order.id,
        adminId,
        items.flatMap((item) => (item.productId ? [{ productId: item.productId, variantId: item.variantId, quantity: item.quantity }] : [])),
      );
      const id = newId();
      // A card order was invoiced when paid: its units go back on a credit note (none yet for cash or a buyer app's).
      if (money === 'refundCard')
        await issueCreditNote(
          tx,
          order.id,
          `part-cancel:${id}`,
          now,
          items.map((item) => ({ position: item.position, quantity: item.quantity, total: item.amount })),
        );
      await tx.insert(orderPartCancellations).values({ id, orderId: order.id, items, units: taken, amount: sums.amount, money, adminId, createdAt: now });
      const cancelled: PartCancelled = {
        orderId: order.id,
        userId: order.userId,
        cancellationId: id,
        money,
        amount: sums.amount,
        channel: order.channel,
        paymentIntent: money === 'refundCard' ? order.stripePaymentIntent : null,
      };
      // The shopper hears of it by mail (a buyer app's buyer through the buyer app: its on_update).
      const mail =
        money === 'byNetwork'
          ? []
          : [
              shopperMail(`part-cancel:${id}`, {
                userId: order.userId,
                topic: 'orderUpdates',
                kind: 'itemsCancelled',
                values: { orderId: order.id, amount: sums.amount.toFixed(2), items: items.map((item) => `${item.quantity} × ${itemName(item)}`).join(', ') },
                words: { money: `partCancelMoney.${money}` },
              }),
            ];
      await this.notices.enqueue(tx, [...mail, ...this.events.noticesOfPartCancel(cancelled)]);
      return { after: after!, released, cancelled };
    });
    if (done.released.length) await this.search.productsChanged(done.released, 'stock');
    this.events.partCancelled(done.cancelled);
    return this.reader.toWire(done.after);
  }
}

const itemName = (item: { name: string; variantName: string | null }) => (item.variantName ? `${item.name} (${item.variantName})` : item.name);
