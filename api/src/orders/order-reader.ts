import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';
import { DB, type Db } from '../db/database.js';
import { customerRefsByIds } from '../users/index.js';
import { documentsOf } from '../invoices/index.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from './orders.table.js';
import { toOrder } from './order-wire.js';
import { returnsOf } from './returns.service.js';
import { partCancellationsOf } from './part-cancel-reads.js';
import type { DbOrTx } from './order-tx.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { pickupStoresByIds } from '../stores/index.js';
import { pickupCode, pickupCodeKey } from './lifecycle/pickup-code.js';
import { collectBy } from '@haat/shared/orders/pickup';
import type { OrderPickup, PickupStore } from '@haat/shared/orders/order.types';

/** Reads orders with their lines in two queries, whatever the page size. */
@Injectable()
export class OrderReader {
  /** The key a ready pickup order's code is derived with, to show it to its shopper (lifecycle/pickup-code.ts). */
  private readonly codeKey: Buffer;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.codeKey = pickupCodeKey(config.jwtAccessSecret);
  }

  async byId(id: string, db: DbOrTx = this.db): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row;
  }

  /**
   * For each (userId, key), the order that user placed with that Idempotency-Key, or undefined; one
   * query for all (a flash sale's losers each look their key up: a few queries, not a thousand).
   * Each pair is looked up in the (user, key) index and the orders read by id: joined with the list
   * instead, PostgreSQL read the whole orders table (4 ms at 4,000 orders, more with every order),
   * judging a hundred index lookups dearer.
   */
  async byIdempotencyKeys(wanted: ReadonlyArray<{ userId: string; key: string }>): Promise<Array<OrderRow | undefined>> {
    const pairs = JSON.stringify(wanted.map((w) => ({ u: w.userId, k: w.key })));
    const rows = await this.db
      .select()
      .from(orders)
      .where(
        sql`${orders.id} = any(array(
          select o.id from jsonb_to_recordset(${pairs}::jsonb) as w(u text, k text)
          cross join lateral (select id from orders where user_id = w.u and idempotency_key = w.k limit 1) o
        ))`,
      );
    const byPair = new Map(rows.map((r) => [`${r.userId}\u0000${r.idempotencyKey}`, r]));
    return wanted.map((w) => byPair.get(`${w.userId}\u0000${w.key}`));
  }

  async toWire(row: OrderRow, db: DbOrTx = this.db): Promise<Order> {
    const [order] = await this.withLines([row], db);
    return order as Order;
  }

  /** Own orders, newest first (docs/product.md#api order-list): the one answer that carries a ready pickup order's code. */
  async listOwn(userId: string): Promise<Order[]> {
    const rows = await this.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
    return this.withLines(rows, this.db, undefined, { codes: true });
  }

  /** Every order, newest first, one page, with the customer's name and mobile. */
  async listAll(page: number, limit: number, status?: OrderStage): Promise<{ items: Order[]; total: number }> {
    const where = status ? and(eq(orders.status, status), ne(orders.paymentStatus, 'CANCELLED')) : undefined;
    const [ordered, [counted]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    const customers = ordered.length === 0 ? [] : await customerRefsByIds(this.db, [...new Set(ordered.map((o) => o.userId))]);
    const customerOf = new Map(customers.map((c) => [c._id, c]));
    const rows: OrderRow[] = [];
    const userOf = new Map<string, Order['userId'] & object>();
    for (const order of ordered) {
      const customer = customerOf.get(order.userId);
      if (!customer) continue;
      rows.push(order);
      userOf.set(order.id, customer);
    }
    return { items: await this.withLines(rows, this.db, userOf), total: counted?.n ?? 0 };
  }

  async linesOf(orderIds: string[], db: DbOrTx = this.db): Promise<OrderLineRow[]> {
    if (orderIds.length === 0) return [];
    return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  }

  private async withLines(
    rows: OrderRow[],
    db: DbOrTx = this.db,
    userOf?: Map<string, Order['userId'] & object>,
    shopper: { codes: boolean } = { codes: false },
  ): Promise<Order[]> {
    const lines = await this.linesOf(
      rows.map((r) => r.id),
      db,
    );
    const byOrder = new Map<string, OrderLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.orderId) ?? [];
      list.push(line);
      byOrder.set(line.orderId, list);
    }
    const ids = rows.map((r) => r.id);
    const pickupIds = [...new Set(rows.flatMap((r) => (r.fulfilment === 'pickup' && r.storeId ? [r.storeId] : [])))];
    const documents = () => documentsOf(db, ids);
    const returns = () => returnsOf(db, ids);
    const cancellations = () => partCancellationsOf(db, ids);
    const stores = () => pickupStoresByIds(db, pickupIds);
    // Side by side on the pool; one after another in a transaction, whose one connection would only queue them (and
    // node-postgres warns that a query sent while another runs on its client is refused from pg@9).
    const [documentsBy, returnsBy, cancellationsBy, pickupStores] =
      db === this.db
        ? await Promise.all([documents(), returns(), cancellations(), stores()])
        : ([await documents(), await returns(), await cancellations(), await stores()] as const);
    return rows.map((row) => ({
      ...toOrder(row, byOrder.get(row.id) ?? [], userOf?.get(row.id)),
      ...pickupOf(row, pickupStores, shopper.codes ? this.codeKey : null),
      invoice: documentsBy.get(row.id)?.invoice ?? null,
      creditNotes: documentsBy.get(row.id)?.creditNotes ?? [],
      returns: returnsBy.get(row.id) ?? [],
      ...(cancellationsBy.has(row.id) ? { partCancellations: cancellationsBy.get(row.id) } : {}),
    }));
  }
}

/**
 * A pickup order's store (its place and hours as they are now) and, while it waits ready at the counter, when it is
 * to be collected by and whether its hand-over is locked; its code only when `codeKey` is given (its own shopper's
 * list), never in an admin's or a store's answer.
 */
function pickupOf(row: OrderRow, stores: ReadonlyMap<string, PickupStore & { open: boolean }>, codeKey: Buffer | null): { pickup?: OrderPickup } {
  if (row.fulfilment !== 'pickup' || !row.storeId) return {};
  const found = stores.get(row.storeId);
  const store: PickupStore = found
    ? {
        _id: found._id,
        name: found.name,
        address: found.address,
        city: found.city,
        state: found.state,
        pincode: found.pincode,
        opensAt: found.opensAt,
        closesAt: found.closesAt,
      }
    : {
        _id: row.storeId,
        name: row.deliveryAddress.building,
        address: row.deliveryAddress.address_line,
        city: row.deliveryAddress.city,
        state: row.deliveryAddress.state,
        pincode: row.deliveryAddress.pincode,
        opensAt: '',
        closesAt: '',
      };
  const waiting = row.status === 'READY_FOR_PICKUP' && row.paymentStatus !== 'CANCELLED' && row.paymentStatus !== 'COMPLETED';
  const readyAt = row.statusHistory.findLast((h) => h.status === 'READY_FOR_PICKUP')?.updatedAt;
  return {
    pickup: {
      storeId: row.storeId,
      store,
      ...(waiting && readyAt ? { collectBy: collectBy(new Date(readyAt)).toISOString() } : {}),
      ...(waiting && row.pickupLockedUntil && row.pickupLockedUntil > new Date() ? { lockedUntil: row.pickupLockedUntil.toISOString() } : {}),
      ...(waiting && codeKey && row.pickupCodeSalt ? { code: pickupCode(codeKey, row.id, row.pickupCodeSalt) } : {}),
    },
  };
}
