import { sql, type SQL } from 'drizzle-orm';
import { unitRow } from './available.js';
import { violatedCheck } from '../common/unique-violation.js';
import type { Relation } from '../db/relation.js';

/** One line of an order as the reservation reads it: so many units of a product's option (null: its default unit), at the price it was priced at. */
export interface LineToReserve {
  /** The order's place in the statement's list: first come, first served. */
  ord: number;
  order_id: string;
  product_id: string;
  variant_id: string | null;
  quantity: number;
  price: number;
  discount: number;
  /** The dark store whose pools the line takes from (docs/product.md#delivery); null: the warehouse's pools. */
  store_id: string | null;
}

/** What the reservation gives the statement it is part of. */
export interface Reservation {
  /** Its CTEs (all named `inv_…`), for the caller's WITH list before anything that reads `winners`. */
  ctes: SQL;
  /** The `ord` of every order whose units were reserved. */
  winners: Relation<{ ord: number }>;
  /** What the fullest pool has left after the winners (0 when none was locked), as a scalar. */
  left: SQL<number>;
}

/** An order as its account's hold reads it: its account and the units it holds. */
export interface OrderToHold {
  user_id: string;
  held_units: number;
}

/**
 * The reservation of the orders a statement places (one order, or a batch of them), as parts of the caller's
 * single statement (placing is one round trip and one commit). `lines` is every order's lines (LineToReserve).
 *
 * What it does: each line is resolved to the option's row (the default row when no option is named) and so
 * to its stock pool: the warehouse's (the row's own), or for an express order the store's pool of that row
 * (`store_units`), which an open store must have: a line the store lacks, or a closed store, makes the order lose. An order qualifies only when each of its lines does: the product published, the
 * discount and the option's selling price (its own, else the product's) as priced. The pools of qualifying
 * orders are locked in id order (two statements never deadlock), and only those where at least one order
 * still fits: a shopper who is too late locks nothing. An order wins when, in every pool it draws on, the
 * units of the qualifying orders before it and its own fit what the pool has; the winners' units are
 * reserved in one update per pool and each of their lines is one row of the stock ledger. All or nothing
 * per order. A loser counted behind a qualifying order that lost elsewhere may have fitted: the caller
 * tries such an order again alone (see orders/order-batch.ts), where the answer is exact.
 */
export function reserveOrderLines(lines: Relation<LineToReserve>): Reservation {
  // Every lookup is by key (lateral and array lookups), so the plan never scans a whole table: this
  // statement runs for every order. Pools are locked FOR NO KEY UPDATE (their ids never change), so the
  // ledger's foreign-key checks of other orders on the same pool do not wait behind the lock.
  const ctes = sql`inv_want as (
      select w.ord, w.order_id, w.quantity, v.id as variant_row_id,
             case when w.store_id is null then v.inventory_level_id
                  else (select su.inventory_level_id from store_units su join stores s on s.id = su.store_id and s.open
                        where su.store_id = w.store_id and su.variant_id = v.id) end as level_id,
             coalesce((select p.publish and p.discount = w.discount and coalesce(v.price, p.price) = w.price from products p where p.id = w.product_id), false) as qualifies
      from ${lines.sql} w
      left join lateral (
        select pv.id, pv.inventory_level_id, pv.price from product_variants pv
        where ${unitRow(sql`pv`, sql`w.product_id`, sql`w.variant_id`)}
        limit 1
      ) v on true
    ), inv_need as (
      select w.ord, w.level_id, sum(w.quantity)::int as quantity from inv_want w
      where w.ord <> all(array(select ord from inv_want where not qualifies or level_id is null))
      group by w.ord, w.level_id
    ), inv_locked as (
      select l.id, l.available from inventory_levels l
      where l.id = any(array(select level_id from inv_need))
        and l.available >= (select min(n.quantity) from inv_need n where n.level_id = l.id)
      order by l.id for no key update of l
    ), inv_fits as (
      select n.ord, n.level_id, n.quantity,
             coalesce(sum(n.quantity) over (partition by n.level_id order by n.ord) <= (select l.available from inv_locked l where l.id = n.level_id), false) as fits
      from inv_need n
    ), inv_winners as (
      select ord from inv_fits group by ord having bool_and(fits)
    ), inv_taken as (
      select level_id, sum(quantity)::int as quantity from inv_fits where ord in (select ord from inv_winners) group by level_id
    ), inv_reserved as (
      update inventory_levels l set reserved = l.reserved + (select t.quantity from inv_taken t where t.level_id = l.id), updated_at = now()
      where l.id = any(array(select level_id from inv_taken))
      returning l.id
    ), inv_logged as (
      insert into stock_movements (inventory_level_id, variant_id, reason, reserved_delta, order_id)
      select w.level_id, w.variant_row_id, 'order', w.quantity, w.order_id from inv_want w
      where w.ord in (select ord from inv_winners) and exists (select 1 from inv_reserved)
    )`;
  return {
    ctes,
    winners: { sql: sql`inv_winners` },
    left: sql<number>`(select coalesce(max(l.available - coalesce(t.quantity, 0)), 0) from inv_locked l left join inv_taken t on t.level_id = l.id)`,
  };
}

/**
 * The holds of the orders a statement places, as a part of it: each account's hold grows by its orders'
 * units. `orders` is the placed orders (OrderToHold); `capOf`
 * gives an account's cap from its user id (the cap may depend on the account). Past the cap the row's check
 * fails the whole statement (stock and orders included), which the caller answers as HOLD_LIMIT (see
 * isHoldLimitViolation).
 *
 * An account's row is updated in place; only an account's first hold inserts it (two first orders racing
 * meet in the insert's conflict and add up). An insert that finds the row would lock it and then update it,
 * one more write-ahead-log record on every order.
 */
export function holdOrderUnits(orders: Relation<OrderToHold>, capOf: (userId: SQL) => SQL): SQL {
  return sql`acct_want as (
      select o.user_id, sum(o.held_units)::int as units, (${capOf(sql`o.user_id`)})::int as cap from ${orders.sql} o group by o.user_id
    ), acct_added as (
      update account_holds h set units = h.units + a.units, cap = a.cap from acct_want a
      where h.user_id = a.user_id
      returning h.user_id
    ), acct_held as (
      insert into account_holds (user_id, units, cap) select a.user_id, a.units, a.cap from acct_want a
      where a.user_id <> all(array(select user_id from acct_added))
      on conflict (user_id) do update set units = account_holds.units + excluded.units, cap = excluded.cap
    )`;
}

/** Whether a database error is the account hold's check (the order would pass the account's cap). */
export function isHoldLimitViolation(error: unknown): boolean {
  return violatedCheck(error) === 'account_holds_within_cap';
}
