import { sql, type SQL } from 'drizzle-orm';
import { cartLinesJson, removeFromCartCte } from '../cart/index.js';
import { accountHold, orderReservation, reservationWant, type ReservationLine } from '../inventory/index.js';
import { defineStatement, type NamedStatement, type Slot } from '../db/database.js';
import { emailVerifiedSql } from '../users/index.js';
import { couponUse } from '../promotions/index.js';
import type { OrderLineRow, OrderRow } from './orders.table.js';

/** What one line of an order reserves (see the inventory module). */
export type StockTake = ReservationLine;

/** The values of the order statement (see placeOrderStatement). */
interface PlaceValues {
  orderId: string;
  /** The order's lines as the inventory reserves them (reservationWant). */
  want: string;
  userId: string;
  units: number;
  cap: number;
  /** The cap of an account whose e-mail is not verified (equal to cap when that rule is off). */
  unverifiedCap: number;
  paymentMethod: OrderRow['paymentMethod'];
  paymentStatus: OrderRow['paymentStatus'];
  status: OrderRow['status'];
  /** The lifecycle's initial history, as JSON text. */
  statusHistoryJson: string;
  subTotalAmt: number;
  totalAmt: number;
  quantity: number;
  deliveryAddressJson: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdAt: string;
  updatedAt: string;
  /** The order's lines as written (JSON). */
  lines: string;
  /** The ordered cart lines (cartLinesJson), for the shape that clears them. */
  cartLines: string | null;
  /** The coupon applied, for the shapes that take a use of it. */
  couponId: string | null;
  couponCode: string | null;
  discountAmt: number;
  /** Uses one account may make of the coupon (the largest int when unlimited). */
  perAccount: number;
}

/** The units one account may hold in unpaid orders (see accountHold): the shop's cap, and the lower one of an unverified e-mail. */
export interface HoldCaps {
  cap: number;
  unverifiedCap: number;
}

/**
 * An account's hold cap inside the order's statement (docs/product.md#rules-and-limits): the shop's, or the
 * lower one while the account's e-mail is not verified. The account is looked up only when the two differ.
 */
export function holdCapSql(userId: SQL, caps: { cap: Slot; unverifiedCap: Slot }): SQL {
  return sql`case when ${caps.unverifiedCap}::int >= ${caps.cap}::int then ${caps.cap}::int when ${emailVerifiedSql(userId)} then ${caps.cap}::int else ${caps.unverifiedCap}::int end`;
}

/** A coupon an order applies: the coupon's id and how often one account may use it (null: unlimited). */
export interface AppliedCoupon {
  id: string;
  perAccountUses: number | null;
}

/**
 * The order statement in its shapes: the ordered cart lines cleared (cash on delivery) or kept (card),
 * and with a coupon or without (an order without one runs exactly the statement it always did).
 */
function placeStatement(clearCart: boolean, withCoupon: boolean) {
  const name = `order-place${clearCart ? '-clear-cart' : ''}${withCoupon ? '-coupon' : ''}`;
  return defineStatement<PlaceValues>(name, (p) => {
    const reservation = orderReservation({ orderId: p.orderId, want: p.want });
    const allTaken = reservation.succeeded;
    const written = sql`exists (select 1 from order_written)`;
    const cart = clearCart ? sql`, ${removeFromCartCte({ userId: p.userId, lines: p.cartLines }, written)}` : sql``;
    const coupon = withCoupon ? sql`, ${couponUse({ couponId: p.couponId, userId: p.userId, perAccount: p.perAccount }, written)}` : sql``;
    const couponColumns = withCoupon ? sql`, coupon_id, coupon_code, discount_amt` : sql``;
    const couponValues = withCoupon ? sql`, ${p.couponId}::text, ${p.couponCode}::text, ${p.discountAmt}::numeric` : sql``;
    return sql`
    with ${reservation.ctes},
    ${accountHold({ userId: p.userId, units: p.units, cap: holdCapSql(sql`${p.userId}::text`, p) }, allTaken)},
    order_written as (
      insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, held_units,
                          delivery_address, idempotency_key, request_hash, created_at, updated_at${couponColumns})
      select ${p.orderId}::text, ${p.userId}::text, ${p.paymentMethod}::text, ${p.paymentStatus}::text, ${p.status}::text,
             ${p.statusHistoryJson}::jsonb, ${p.subTotalAmt}::numeric, ${p.totalAmt}::numeric, ${p.quantity}::int, ${p.units}::int,
             ${p.deliveryAddressJson}::jsonb, ${p.idempotencyKey}::text, ${p.requestHash}::text,
             ${p.createdAt}::timestamptz, ${p.updatedAt}::timestamptz${couponValues}
      where ${allTaken}
      returning id
    ),
    lines_written as (
      insert into order_lines (id, order_id, product_id, variant_id, variant_name, position, name, image, unit, quantity, price, discount, unit_price, sub_total_amt)
      select l.id, o.id, l.product_id, l.variant_id, l.variant_name, l.position, l.name, l.image, l.unit, l.quantity, l.price, l.discount, l.unit_price, l.sub_total_amt
      from order_written o, jsonb_to_recordset(${p.lines}::jsonb) as l(id text, product_id text, variant_id text, variant_name text, position int, name text, image text[], unit text,
           quantity int, price numeric, discount numeric, unit_price numeric, sub_total_amt numeric)
    )${cart}${coupon}
    select count(*)::int as placed from order_written`;
  });
}

const PLACE = placeStatement(false, false);
const PLACE_CLEARING_CART = placeStatement(true, false);
const PLACE_WITH_COUPON = placeStatement(false, true);
const PLACE_CLEARING_CART_WITH_COUPON = placeStatement(true, true);

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
  caps: HoldCaps,
  coupon?: AppliedCoupon,
): Promise<boolean> {
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
  const shape = coupon ? (clearCart ? PLACE_CLEARING_CART_WITH_COUPON : PLACE_WITH_COUPON) : clearCart ? PLACE_CLEARING_CART : PLACE;
  const [answer] = await statement<{ placed: number }, PlaceValues>(shape, {
    orderId: row.id,
    want: reservationWant(takes),
    userId: row.userId,
    units: row.heldUnits,
    cap: caps.cap,
    unverifiedCap: caps.unverifiedCap,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    status: row.status,
    statusHistoryJson: JSON.stringify(row.statusHistory),
    subTotalAmt: row.subTotalAmt,
    totalAmt: row.totalAmt,
    quantity: row.quantity,
    deliveryAddressJson: JSON.stringify(row.deliveryAddress),
    idempotencyKey: row.idempotencyKey,
    requestHash: row.requestHash,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lines: lineJson,
    cartLines: clearCart ? cartLinesJson(takes) : null,
    couponId: coupon?.id ?? null,
    couponCode: row.couponCode,
    discountAmt: row.discountAmt,
    perAccount: coupon?.perAccountUses ?? 2_147_483_647,
  });
  return Number(answer?.placed ?? 0) > 0;
}
