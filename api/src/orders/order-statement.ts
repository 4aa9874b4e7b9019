import { sql, type SQL } from 'drizzle-orm';
import { removeOrderedLines } from '../cart/index.js';
import { holdOrderUnits, reserveOrderLines, type LineToReserve } from '../inventory/index.js';
import { defineStatement, type NamedStatement, type Slot } from '../db/database.js';
import { cte, selectRelation } from '../db/relation.js';
import { columnList, rowJson, rowsWithExtras } from '../db/table-rows.js';
import { accountVerifiedSql } from '../users/index.js';
import { takeCouponUses } from '../promotions/index.js';
import { queueNoticesSql, type NoticeRowIn, type NoticeToQueue } from '../notices/index.js';
import { newId } from '../common/ids.js';
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
  /** The notices the order brings (the admins' "New order"), queued in the statement's commit if it is written. */
  notices?: readonly NoticeToQueue[];
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
  /** Every order's notices: `order_id`, and the job row's id, kind, key and payload (the notices' jobs). */
  notices: string;
  cap: number;
  /** The cap of an account whose e-mail is not verified (equal to cap when that rule is off). */
  unverifiedCap: number;
}

/**
 * An account's hold cap inside the order's statement (docs/product.md#rules-and-limits): the shop's, or the
 * lower one while the account's e-mail is not verified. The account is looked up only when the two differ.
 */
function holdCapSql(userId: SQL, caps: { cap: Slot; unverifiedCap: Slot }): SQL {
  return sql`case when ${caps.unverifiedCap}::int >= ${caps.cap}::int then ${caps.cap}::int when ${accountVerifiedSql(userId)} then ${caps.cap}::int else ${caps.unverifiedCap}::int end`;
}

/** Uses one account may make of a coupon without a per-account limit. */
const UNLIMITED = 2_147_483_647;

/** An order of the statement's list as its parts read it: its place in the list and what it asks beside its row, and the row's columns they read. */
interface OrderIn {
  ord: number;
  clear_cart: boolean;
  per_account: number;
  id: string;
  user_id: string;
  held_units: number;
  coupon_id: string | null;
}

/** A line of the statement's list: the order_lines row, its order's place, account and store, and whether it leaves the cart. */
interface LineIn extends LineToReserve {
  user_id: string;
  clear_cart: boolean;
}

/**
 * The order statement: one order, or a batch of them in the order they arrived, in one round trip and one
 * commit, composed of the domains' parts (docs/architecture.md#placing-an-order-is-one-statement). The orders
 * and lines arrive as whole rows keyed by column name (rowJson); the inventory reserves the units of the
 * orders that fit (reserveOrderLines: all lines of an order or none, pools locked in id order; an express
 * order's lines from its store's pools, the others' from the warehouse's); the winners'
 * holds grow, their rows and lines are written, their ordered cart lines leave the cart (cash on delivery)
 * and their coupon uses are taken. A taken order number or Idempotency-Key, an account past its hold cap or
 * a coupon past its limit fails the whole statement, the stock taken with it: the caller places such a
 * batch's orders again one by one, where each gets its answer.
 */
const PLACE_ORDERS = defineStatement<PlaceValues>('order-place', (p) => {
  const orderIn = cte<OrderIn>('order_in', rowsWithExtras(orders, p.orders, sql`ord int, clear_cart boolean, per_account int`));
  const linesIn = cte<LineIn>('order_lines_in', rowsWithExtras(orderLines, p.lines, sql`ord int, user_id text, clear_cart boolean, store_id text`));
  const reservation = reserveOrderLines(linesIn.relation);
  const won = cte<OrderIn>('order_won', sql`select * from ${orderIn.relation.sql} o where o.ord in (select w.ord from ${reservation.winners.sql} w)`);
  const written = cte<{ id: string }>(
    'orders_written',
    sql`insert into orders (${columnList(orders)}) select ${columnList(orders, 'w')} from ${won.relation.sql} w returning id`,
  );
  const linesWritten = cte(
    'order_lines_written',
    sql`insert into order_lines (${columnList(orderLines)})
        select ${columnList(orderLines, 'l')} from ${linesIn.relation.sql} l where l.order_id in (select o.id from ${written.relation.sql} o)`,
  );
  const clearedLines = selectRelation<LineIn>(
    sql`select * from ${linesIn.relation.sql} l where l.clear_cart and l.order_id in (select o.id from ${written.relation.sql} o)`,
  );
  // A written order's notices are queued with it: they exist exactly when it does (docs/decisions/0040-push-notices.md).
  const noticesIn = selectRelation<NoticeRowIn>(
    sql`select n.id, n.kind, n.key, n.payload from jsonb_to_recordset(${p.notices}::jsonb) as n(order_id text, id text, kind text, key text, payload jsonb)
        where n.order_id in (select o.id from ${written.relation.sql} o)`,
  );
  // Typed by what the coupon's part reads: only orders with a coupon.
  const couponUses = selectRelation<{ coupon_id: string; user_id: string; per_account: number }>(
    sql`select * from ${won.relation.sql} w where w.coupon_id is not null`,
  );
  return sql`
    with ${sql.join(
      [
        orderIn.definition,
        linesIn.definition,
        reservation.ctes,
        won.definition,
        holdOrderUnits(won.relation, (userId) => holdCapSql(userId, p)),
        written.definition,
        linesWritten.definition,
        removeOrderedLines(clearedLines),
        takeCouponUses(couponUses),
        queueNoticesSql(noticesIn),
      ],
      sql`, `,
    )}
    select (select json_agg(o.id) from ${written.relation.sql} o) as placed, ${reservation.left} as units_left`;
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
  const lines = JSON.stringify(
    list.flatMap((order, ord) =>
      order.lines.map((line) => ({
        ...rowJson(orderLines, line),
        ord,
        user_id: order.row.userId,
        clear_cart: order.clearCart,
        store_id: order.row.storeId,
      })),
    ),
  );
  const notices = JSON.stringify(
    list.flatMap((order) => (order.notices ?? []).map((n) => ({ order_id: order.row.id, id: newId(), kind: n.kind, key: n.key, payload: n.payload }))),
  );
  const [answer] = await statement<{ placed: string[] | string | null; units_left: number | string | null }, PlaceValues>(PLACE_ORDERS, {
    orders: json,
    lines,
    notices,
    cap: caps.cap,
    unverifiedCap: caps.unverifiedCap,
  });
  const placed = typeof answer?.placed === 'string' ? (JSON.parse(answer.placed) as string[]) : (answer?.placed ?? []);
  return { placed: new Set(placed), left: Math.max(0, Number(answer?.units_left ?? 0)) };
}
