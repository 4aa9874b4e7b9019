import { sql } from 'drizzle-orm';
import { removeFromCartCte } from '../cart/cart.repository.js';
import { accountHold, orderReservation, type ReservationLine } from '../inventory/order-reservation.js';
import type { NamedStatement } from '../db/database.js';
import type { OrderLineRow, OrderRow } from './orders.table.js';

/** What one line of an order reserves (see the inventory module). */
export type StockTake = ReservationLine;

/**
 * Places an order in one statement, so one round trip and one commit (a 2-line order took ~10 round
 * trips in a transaction). The inventory reserves the units first (orderReservation: conditional,
 * all lines or none, pools locked in id order); the order, its lines and the removal of the ordered
 * cart lines (COD only) run only when every line was reserved. True when the order was written;
 * false when a line was short or its price moved (nothing was written, no row was left locked). A
 * taken order number or Idempotency-Key fails the statement with a unique violation, which undoes
 * the stock taken as well.
 */
export async function placeOrderStatement(
  statement: NamedStatement,
  row: OrderRow,
  lines: readonly OrderLineRow[],
  takes: readonly StockTake[],
  clearCart: boolean,
  holdLimit: number,
): Promise<boolean> {
  const reservation = orderReservation(row.id, takes);
  const allTaken = reservation.succeeded;
  const lineJson = JSON.stringify(
    lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      variant_id: l.variantId,
      variant_name: l.variantName,
      position: l.position,
      name: l.name,
      image: l.image,
      unit: l.unit,
      quantity: l.quantity,
      price: l.price,
      discount: l.discount,
      unit_price: l.unitPrice,
      sub_total_amt: l.subTotalAmt,
    })),
  );
  const cart = clearCart ? sql`, ${removeFromCartCte(row.userId, takes, sql`exists (select 1 from order_written)`)}` : sql``;
  // Two shapes (the cart cleared or kept), each a named prepared statement: the text is constant.
  const [answer] = await statement<{ placed: number }>(
    clearCart ? 'order-place-clear-cart' : 'order-place',
    sql`
    with ${reservation.ctes},
    ${accountHold(row.userId, row.heldUnits, holdLimit, allTaken)},
    order_written as (
      insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, held_units,
                          delivery_address, idempotency_key, request_hash, created_at, updated_at)
      select ${row.id}::text, ${row.userId}::text, ${row.paymentMethod}::text, ${row.paymentStatus}::text, ${row.status}::text,
             ${JSON.stringify(row.statusHistory)}::jsonb, ${row.subTotalAmt}::numeric, ${row.totalAmt}::numeric, ${row.quantity}::int, ${row.heldUnits}::int,
             ${JSON.stringify(row.deliveryAddress)}::jsonb, ${row.idempotencyKey}::text, ${row.requestHash}::text,
             ${row.createdAt.toISOString()}::timestamptz, ${row.updatedAt.toISOString()}::timestamptz
      where ${allTaken}
      returning id
    ),
    lines_written as (
      insert into order_lines (id, order_id, product_id, variant_id, variant_name, position, name, image, unit, quantity, price, discount, unit_price, sub_total_amt)
      select l.id, o.id, l.product_id, l.variant_id, l.variant_name, l.position, l.name, l.image, l.unit, l.quantity, l.price, l.discount, l.unit_price, l.sub_total_amt
      from order_written o, jsonb_to_recordset(${lineJson}::jsonb) as l(id text, product_id text, variant_id text, variant_name text, position int, name text, image text[], unit text,
           quantity int, price numeric, discount numeric, unit_price numeric, sub_total_amt numeric)
    )${cart}
    select count(*)::int as placed from order_written`,
  );
  return Number(answer?.placed ?? 0) > 0;
}
