import { sql } from 'drizzle-orm';
import { defineStatement, type NamedStatement } from '../db/database.js';
import { batchAccountHold, batchReservation } from '../inventory/index.js';
import { removeBatchFromCartCte } from '../cart/index.js';
import { holdCapSql, placeOrderStatement, type HoldCaps, type StockTake } from './order-statement.js';
import type { OrderLineRow, OrderRow } from './orders.table.js';

/** How many orders one batch statement places at most. */
const MAX_BATCH = 500;

interface Pending {
  row: OrderRow;
  line: OrderLineRow;
  take: StockTake;
  clearCart: boolean;
  resolve(placed: boolean): void;
  reject(error: unknown): void;
}

/** The values of the batch statement: the orders as one JSON list, the line they all buy, and the account cap. */
interface BatchValues {
  batch: string;
  productId: string;
  variantId: string | null;
  price: number;
  discount: number;
  cap: number;
  unverifiedCap: number;
}

/**
 * A batch of one-line orders for the same line in one statement: the pool is locked once, the orders
 * whose running total fits are written with their lines, holds, ledger rows and cart removals.
 */
const PLACE_BATCH = defineStatement<BatchValues>('order-place-batch', (p) => {
  const reservation = batchReservation({ productId: p.productId, variantId: p.variantId, price: p.price, discount: p.discount }, sql`batch`);
  return sql`
      with batch as (
        select * from jsonb_to_recordset(${p.batch}::jsonb) as b(ord int, id text, user_id text, payment_method text, payment_status text, status text,
          status_history jsonb, sub_total_amt numeric, total_amt numeric, quantity int, delivery_address jsonb, idempotency_key text,
          request_hash text, created_at timestamptz, clear_cart boolean, line_id text, variant_name text, name text, image text[], unit text,
          price numeric, discount numeric, unit_price numeric, sub_total numeric)
      ),
      ${reservation.ctes},
      ${batchAccountHold(reservation.winners, (userId) => holdCapSql(userId, p), reservation.succeeded)},
      orders_written as (
        insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, held_units,
                            delivery_address, idempotency_key, request_hash, created_at, updated_at)
        select w.id, w.user_id, w.payment_method, w.payment_status, w.status, w.status_history, w.sub_total_amt, w.total_amt, w.quantity, w.quantity,
               w.delivery_address, w.idempotency_key, w.request_hash, w.created_at, w.created_at
        from ${reservation.winners} w where ${reservation.succeeded}
        returning id
      ),
      lines_written as (
        insert into order_lines (id, order_id, product_id, variant_id, variant_name, position, name, image, unit, quantity, price, discount, unit_price, sub_total_amt)
        select w.line_id, o.id, ${p.productId}::text, ${p.variantId}::text, w.variant_name, 0, w.name, w.image, w.unit, w.quantity, w.price,
               w.discount, w.unit_price, w.sub_total
        from ${reservation.winners} w join orders_written o on o.id = w.id
      ),
      ${removeBatchFromCartCte({ productId: p.productId, variantId: p.variantId }, sql`(select w.user_id from ${reservation.winners} w join orders_written o on o.id = w.id where w.clear_cart)`)}
      select ${reservation.available} as available, (select sum(quantity) from ${reservation.winners} where ${reservation.succeeded}) as sold,
             (select json_agg(id) from orders_written) as placed`;
});

/**
 * Group commit for a hot product (flash sale). Every order's statement holds the product's
 * row lock until it commits, so orders of one product go one commit at a time. While a one-line
 * order's statement for a product (and variant, at one price) is on its way, the next ones for the
 * same line wait here instead of on the row lock; when it is done they go as one statement that
 * locks the row once, gives the units first come first served while they last, writes every winner's
 * order and commits once. An order that meets no contention goes alone at once, as before. Orders
 * of several lines, and any batch the statement refuses (a reused key, a taken order number), go
 * one by one through placeOrderStatement, which decides exactly as before. Per API process: the row
 * lock still orders the batches of several instances.
 */
export class OrderBatcher {
  /** A line key present = a statement for it is on its way; the list = orders waiting behind it. */
  private readonly lanes = new Map<string, Pending[]>();

  constructor(
    private readonly statement: NamedStatement,
    /** Units one account may hold in unpaid orders (see accountHold), by whether its e-mail is verified. */
    private readonly holdLimit: HoldCaps,
  ) {}

  /** As placeOrderStatement: true when the order was written, false when its stock or price failed. */
  async place(row: OrderRow, lines: readonly OrderLineRow[], takes: readonly StockTake[], clearCart: boolean): Promise<boolean> {
    const [take] = takes;
    const [line] = lines;
    if (takes.length !== 1 || lines.length !== 1 || !take || !line) return placeOrderStatement(this.statement, row, lines, takes, clearCart, this.holdLimit);
    const key = `${take.productId}\u0000${take.variantId ?? ''}\u0000${take.price}\u0000${take.discount}`;
    const waiting = this.lanes.get(key);
    if (waiting) return new Promise<boolean>((resolve, reject) => waiting.push({ row, line, take, clearCart, resolve, reject }));
    this.lanes.set(key, []);
    try {
      return await placeOrderStatement(this.statement, row, lines, takes, clearCart, this.holdLimit);
    } finally {
      void this.drain(key);
    }
  }

  private async drain(key: string): Promise<void> {
    for (;;) {
      const waiting = this.lanes.get(key) ?? [];
      if (waiting.length === 0) {
        this.lanes.delete(key);
        return;
      }
      const batch = waiting.splice(0, MAX_BATCH);
      let outcome: { placed: Set<string>; left: number } | null = null;
      try {
        outcome = batch.length === 1 ? null : await this.placeBatch(batch);
      } catch {
        outcome = null; // one by one below: each order gets its own answer (a replay, a retry with a new number…)
      }
      for (const p of batch) {
        if (outcome && (outcome.placed.has(p.row.id) || p.take.quantity > outcome.left)) {
          p.resolve(outcome.placed.has(p.row.id));
          continue;
        }
        // Alone: no batch, the batch failed, or units are left that this order may fit.
        try {
          p.resolve(await placeOrderStatement(this.statement, p.row, [p.line], [p.take], p.clearCart, this.holdLimit));
        } catch (error) {
          p.reject(error);
        }
      }
    }
  }

  /** One statement for orders of the same line: the ids placed, and the units left after them. */
  private async placeBatch(batch: readonly Pending[]): Promise<{ placed: Set<string>; left: number }> {
    const take = batch[0]!.take;
    const json = JSON.stringify(
      batch.map((p, ord) => ({
        ord,
        id: p.row.id,
        user_id: p.row.userId,
        payment_method: p.row.paymentMethod,
        payment_status: p.row.paymentStatus,
        status: p.row.status,
        status_history: p.row.statusHistory,
        sub_total_amt: p.row.subTotalAmt,
        total_amt: p.row.totalAmt,
        quantity: p.take.quantity,
        delivery_address: p.row.deliveryAddress,
        idempotency_key: p.row.idempotencyKey,
        request_hash: p.row.requestHash,
        created_at: p.row.createdAt.toISOString(),
        clear_cart: p.clearCart,
        line_id: p.line.id,
        variant_name: p.line.variantName,
        name: p.line.name,
        image: p.line.image,
        unit: p.line.unit,
        price: p.line.price,
        discount: p.line.discount,
        unit_price: p.line.unitPrice,
        sub_total: p.line.subTotalAmt,
      })),
    );
    const [answer] = await this.statement<{ available: number | string | null; sold: number | string | null; placed: string[] | string | null }, BatchValues>(
      PLACE_BATCH,
      { batch: json, productId: take.productId, variantId: take.variantId, price: take.price, discount: take.discount, ...this.holdLimit },
    );
    const placedIds = typeof answer?.placed === 'string' ? (JSON.parse(answer.placed) as string[]) : (answer?.placed ?? []);
    const left = Math.max(0, Number(answer?.available ?? 0) - Number(answer?.sold ?? 0));
    return { placed: new Set(placedIds), left };
  }
}
