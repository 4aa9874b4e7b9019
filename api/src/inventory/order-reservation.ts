import { sql, type SQL } from 'drizzle-orm';
import type { Slot } from '../db/database.js';
import { unitRow } from './available.js';
import { violatedCheck } from '../common/unique-violation.js';

/** One line of an order as the inventory reserves it: so many units of a product's option (null: its default unit), at the price it was priced at. */
export interface ReservationLine {
  productId: string;
  variantId: string | null;
  quantity: number;
  price: number;
  discount: number;
}

/** The value of orderReservation's `want` slot: an order's lines as one JSON text. */
export function reservationWant(lines: readonly ReservationLine[]): string {
  return JSON.stringify(lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: l.quantity, price: l.price, discount: l.discount })));
}

/**
 * The reservation of one order, as parts of the caller's single statement (placing an order is one
 * round trip and one commit). `ctes` go first in its WITH list; `succeeded` is a condition the
 * caller puts on every row it writes, true only when every line's units were reserved. Slots: the
 * order's id, and its lines as reservationWant gives them.
 *
 * What it does: each line is resolved to the option's row (the default row when no option is
 * named) and so to its stock pool; the pools are locked in id order (two orders never deadlock)
 * only when every line still qualifies — the product published, the discount and the option's
 * selling price (its own, else the product's) as priced, and enough units left in each pool for all
 * the lines that draw on it. Then every pool's reservation grows, and each line is one row of the
 * stock ledger. All or nothing: a shopper who is too late writes nothing and locks nothing.
 */
export function orderReservation(slots: { orderId: Slot; want: Slot }): { ctes: SQL; succeeded: SQL } {
  // Every lookup is by key (lateral and array lookups), so the plan never scans a whole table: this
  // statement runs for every order. Pools are locked FOR NO KEY UPDATE (their ids never change), so the
  // ledger's foreign-key checks of other orders on the same pool do not wait behind the lock.
  const ctes = sql`inv_want as (
      select w.quantity, w.product_id, v.id as variant_row_id, v.inventory_level_id as level_id,
             coalesce((select p.publish and p.discount = w.discount and coalesce(v.price, p.price) = w.price from products p where p.id = w.product_id), false) as qualifies
      from jsonb_to_recordset(${slots.want}::jsonb) as w(product_id text, variant_id text, quantity int, price numeric, discount numeric)
      left join lateral (
        select pv.id, pv.inventory_level_id, pv.price from product_variants pv
        where ${unitRow(sql`pv`, sql`w.product_id`, sql`w.variant_id`)}
        limit 1
      ) v on true
    ), inv_need as (
      select level_id, sum(quantity)::int as quantity, bool_and(qualifies) as qualifies from inv_want group by level_id
    ), inv_locked as (
      select l.id from inventory_levels l
      where l.id = any(array(select level_id from inv_need where qualifies and level_id is not null))
        and l.available >= (select n.quantity from inv_need n where n.level_id = l.id)
      order by l.id for no key update of l
    ), inv_reserved as (
      update inventory_levels l set reserved = l.reserved + (select n.quantity from inv_need n where n.level_id = l.id), updated_at = now()
      where l.id = any(array(select id from inv_locked))
        and (select count(*) from inv_locked) = (select count(*) from inv_need)
        and l.available >= (select n.quantity from inv_need n where n.level_id = l.id)
      returning l.id
    ), inv_logged as (
      insert into stock_movements (inventory_level_id, variant_id, reason, reserved_delta, order_id)
      select w.level_id, w.variant_row_id, 'order', w.quantity, ${slots.orderId}::text from inv_want w where exists (select 1 from inv_reserved)
    )`;
  return { ctes, succeeded: sql`exists (select 1 from inv_reserved)` };
}

/** What a batch of one-line orders for the same option at the same price reserves (see OrderBatcher): the slots of its values. */
export interface BatchReservationLine {
  productId: Slot;
  variantId: Slot;
  price: Slot;
  discount: Slot;
}

/**
 * The reservation of a batch of one-line orders for one option, as parts of the caller's statement.
 * `batch` is a relation with `ord`, `id` (the order's id) and `quantity`. The option's pool is
 * locked once (if the option still sells at that price); `winners` is the relation of the batch's
 * rows, in `ord` order, whose running total fits what is left; their units are reserved in one
 * update and each winner is one ledger row. `available` is what the pool had before the batch.
 */
export function batchReservation(take: BatchReservationLine, batch: SQL): { ctes: SQL; winners: SQL; succeeded: SQL; available: SQL } {
  const ctes = sql`inv_target as (
      select l.id, l.available, v.id as variant_row_id
      from product_variants v join products p on p.id = v.product_id join inventory_levels l on l.id = v.inventory_level_id
      where ${unitRow(sql`v`, sql`${take.productId}::text`, sql`${take.variantId}::text`)}
        and p.publish and p.discount = ${take.discount}::numeric and coalesce(v.price, p.price) = ${take.price}::numeric
      for no key update of l
    ), inv_winners as (
      select b.* from (select b.*, sum(b.quantity) over (order by b.ord) as running from ${batch} b) b, inv_target t where b.running <= t.available
    ), inv_reserved as (
      update inventory_levels l set reserved = l.reserved + (select sum(quantity) from inv_winners), updated_at = now()
      where l.id = (select id from inv_target) and exists (select 1 from inv_winners)
      returning l.id
    ), inv_logged as (
      insert into stock_movements (inventory_level_id, variant_id, reason, reserved_delta, order_id)
      select t.id, t.variant_row_id, 'order', w.quantity, w.id from inv_winners w, inv_target t where exists (select 1 from inv_reserved)
    )`;
  return {
    ctes,
    winners: sql`inv_winners`,
    succeeded: sql`exists (select 1 from inv_reserved)`,
    available: sql`(select available from inv_target)`,
  };
}

/**
 * The account's hold grows by an order's units, as a part of the order's statement, only when the
 * reservation succeeded. Past the cap the row's check fails the whole statement (stock reservation
 * and order included), which the caller answers as HOLD_LIMIT (see isHoldLimitViolation).
 *
 * The account's row is updated in place; only an account's first hold inserts it (two first orders
 * racing meet in the insert's conflict and add up). An insert that finds the row would lock it and
 * then update it, one more write-ahead-log record on every order.
 */
export function accountHold(slots: { userId: Slot; units: Slot; cap: Slot }, when: SQL): SQL {
  return sql`acct_added as (
      update account_holds set units = account_holds.units + ${slots.units}::int, cap = (${slots.cap})::int
      where user_id = ${slots.userId}::text and ${when}
      returning user_id
    ), acct_held as (
      insert into account_holds (user_id, units, cap) select ${slots.userId}::text, ${slots.units}::int, (${slots.cap})::int
      where ${when} and not exists (select 1 from acct_added)
      on conflict (user_id) do update set units = account_holds.units + excluded.units, cap = excluded.cap
    )`;
}

/**
 * The same for a batch's winners (`winners` with user_id and quantity), several orders of one account added
 * together. `capOf` gives each account's cap from its user id (an account's cap may depend on the account).
 */
export function batchAccountHold(winners: SQL, capOf: (userId: SQL) => SQL, when: SQL): SQL {
  return sql`acct_want as (
      select w.user_id, sum(w.quantity)::int as units, (${capOf(sql`w.user_id`)})::int as cap from ${winners} w where ${when} group by w.user_id
    ), acct_added as (
      update account_holds h set units = h.units + a.units, cap = a.cap from acct_want a
      where h.user_id = a.user_id
      returning h.user_id
    ), acct_held as (
      insert into account_holds (user_id, units, cap) select a.user_id, a.units, a.cap from acct_want a
      where a.user_id not in (select user_id from acct_added)
      on conflict (user_id) do update set units = account_holds.units + excluded.units, cap = excluded.cap
    )`;
}

/** Whether a database error is the account hold's check (the order would pass the account's cap). */
export function isHoldLimitViolation(error: unknown): boolean {
  return violatedCheck(error) === 'account_holds_within_cap';
}
