import { sql, type SQL } from 'drizzle-orm';
import { removeOrderedLines } from '../cart/index.js';
import { holdOrderUnits, reserveOrderLines } from '../inventory/index.js';
import { defineStatement, type NamedStatement, type Slot } from '../db/database.js';
import { columnList, rowJson } from '../db/table-rows.js';
import { emailVerifiedSql } from '../users/index.js';
import { takeCouponUses } from '../promotions/index.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from './orders.table.js';

/** The units one account may hold in unpaid orders (see holdOrderUnits): the shop's cap, and the lower one of an unverified e-mail. */
export interface HoldCaps {
  cap: number;
  unverifiedCap: number;
}

/** A coupon an order applies: the coupon's id and how often one account may use it (null: unlimited). */
export interface AppliedCoupon {
  id: string;
  perAccountUses: number | null;
}

/** One order to place: its row and lines as they are to be written, whether it clears the ordered cart lines, and its coupon. */
export interface OrderToPlace {
  row: OrderRow;
  lines: readonly OrderLineRow[];
  /** Cash on delivery clears the ordered cart lines; a card order keeps them until it is paid. */
  clearCart: boolean;
  coupon?: AppliedCoupon;
}

/** What placing a list of orders did: the ids written, and the units the fullest pool has left after them. */
export interface PlaceOutcome {
  placed: ReadonlySet<string>;
  left: number;
}

/** The values of the order statement: the orders as one JSON list, and the hold caps. */
interface PlaceValues {
  /** Each order's row as rowJson gives it, with its place in the list (`ord`), `clear_cart` and `per_account`. */
  orders: string;
  /** Every order's lines, as rowJson gives them. */
  lines: string;
  cap: number;
  /** The cap of an account whose e-mail is not verified (equal to cap when that rule is off). */
  unverifiedCap: number;
}

/**
 * An account's hold cap inside the order's statement (docs/product.md#rules-and-limits): the shop's, or the
 * lower one while the account's e-mail is not verified. The account is looked up only when the two differ.
 */
function holdCapSql(userId: SQL, caps: { cap: Slot; unverifiedCap: Slot }): SQL {
  return sql`case when ${caps.unverifiedCap}::int >= ${caps.cap}::int then ${caps.cap}::int when ${emailVerifiedSql(userId)} then ${caps.cap}::int else ${caps.unverifiedCap}::int end`;
}

/** Uses one account may make of a coupon without a per-account limit. */
const UNLIMITED = 2_147_483_647;

/**
 * The order statement: one order, or a batch of them in the order they arrived, in one round trip and one
 * commit. `order_in` is the list (each order's row and lines as written, keyed by column name); the
 * inventory reserves the units of the orders that fit (reserveOrderLines: all lines of an order or none,
 * pools locked in id order); the winners' holds grow, their rows and lines are written, their ordered cart
 * lines leave the cart (cash on delivery) and their coupon uses are taken. A taken order number or
 * Idempotency-Key, an account past its hold cap or a coupon past its limit fails the whole statement, the
 * stock taken with it: the caller places such a batch's orders again one by one, where each gets its answer.
 */
const PLACE_ORDERS = defineStatement<PlaceValues>('order-place', (p) => {
  const reservation = reserveOrderLines(sql`order_lines_in`);
  return sql`
    with order_in as (
      select x.*
      from (select ${p.orders}::jsonb as list) input
      cross join lateral rows from (
        jsonb_to_recordset(input.list) as (ord int, clear_cart boolean, per_account int),
        jsonb_populate_recordset(null::orders, input.list)
      ) as x
    ), order_lines_in as (
      select i.ord, i.user_id, i.clear_cart, l.*
      from jsonb_populate_recordset(null::order_lines, ${p.lines}::jsonb) l join order_in i on i.id = l.order_id
    ),
    ${reservation.ctes},
    order_won as (
      select * from order_in where ord in (select ord from ${reservation.winners})
    ),
    ${holdOrderUnits(sql`order_won`, (userId) => holdCapSql(userId, p))},
    orders_written as (
      insert into orders (${columnList(orders)})
      select ${columnList(orders, 'w')} from order_won w
      returning id
    ),
    lines_written as (
      insert into order_lines (${columnList(orderLines)})
      select ${columnList(orderLines, 'l')} from order_lines_in l where l.order_id in (select id from orders_written)
    ),
    ${removeOrderedLines(sql`(select l.user_id, l.product_id, l.variant_id from order_lines_in l where l.clear_cart and l.order_id in (select id from orders_written))`)},
    ${takeCouponUses(sql`(select w.coupon_id, w.user_id, w.per_account from order_won w where w.coupon_id is not null)`)}
    select (select json_agg(id) from orders_written) as placed, ${reservation.left} as units_left`;
});

/**
 * Places orders in one statement (see PLACE_ORDERS): one order, or a batch that arrived together, first
 * come first served. Placing one order takes ~1 round trip instead of the ~10 of a transaction of steps.
 * Rejects with the database's error when the statement fails as a whole (see PLACE_ORDERS).
 */
export async function placeOrders(statement: NamedStatement, list: readonly OrderToPlace[], caps: HoldCaps): Promise<PlaceOutcome> {
  const json = JSON.stringify(
    list.map((order, ord) => ({
      ...rowJson(orders, order.row),
      ord,
      clear_cart: order.clearCart,
      per_account: order.coupon?.perAccountUses ?? UNLIMITED,
    })),
  );
  const lines = JSON.stringify(list.flatMap((order) => order.lines.map((line) => rowJson(orderLines, line))));
  const [answer] = await statement<{ placed: string[] | string | null; units_left: number | string | null }, PlaceValues>(PLACE_ORDERS, {
    orders: json,
    lines,
    cap: caps.cap,
    unverifiedCap: caps.unverifiedCap,
  });
  const placed = typeof answer?.placed === 'string' ? (JSON.parse(answer.placed) as string[]) : (answer?.placed ?? []);
  return { placed: new Set(placed), left: Math.max(0, Number(answer?.units_left ?? 0)) };
}
