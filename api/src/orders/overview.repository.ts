import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';

/**
 * The overview's sales figures: closed shop days from their roll-up (overview_days, overview_day_products),
 * the rest (today, and any closed day not rolled up) from the orders, in one statement so both halves
 * are of one moment (docs/decisions/0232-the-overview-rolls-up-closed-days.md).
 *
 * A sold order (docs/decisions/0022): placed, not cancelled. A card order has no stage until it is paid, so it counts only once paid.
 */
const soldOrder = sql`o.status is not null and o.status <> 'CANCELLED' and o.payment_status <> 'CANCELLED'`;

/**
 * A day is rolled up only once it has been closed this long: an order placed just before midnight
 * (stamped with the day it was placed) may commit a moment after it, and its insert marks no roll-up
 * (placing an order does no roll-up work). Any later change to a day's orders marks its row stale.
 */
export const ROLL_UP_AFTER = '15 minutes';

/** The advisory-lock namespace of a day's roll-up (the triggers of migration 0027 take it shared). */
const DAY_LOCK = 20232;

/** The window: today, the week's Monday, its first day, and the last day that may be rolled up. */
function bounds(timeZone: string, days: number): SQL {
  return sql`
    b as (
      select (now() at time zone ${timeZone})::date as today, date_trunc('week', now() at time zone ${timeZone})::date as week_start,
             now() >= ((now() at time zone ${timeZone})::date::timestamp at time zone ${timeZone}) + ${ROLL_UP_AFTER}::interval as settled
    ), w as (
      select today, week_start, today - ${days - 1}::int as since, case when settled then today - 1 else today - 2 end as closed_to from b
    ), rolled as (
      select r.day, r.orders, r.revenue from overview_days r, w
      where r.day >= w.since and r.day <= w.closed_to and not exists (select 1 from overview_stale_days s where s.day = r.day)
    ), open_days as (
      -- Whole numbers, not timestamps: the planner knows how many rows this series has (of a timestamp series it
      -- assumes 1,000, and the cost it then sees over the orders switched JIT on: 1.4 s of compiling a call).
      select w.since + g as day from w, generate_series(0, ${days - 1}::int) g
      where not exists (select 1 from rolled r where r.day = w.since + g)
    )`;
}

/** The orders of one shop day, found by their creation index. */
const ofDay = (day: SQL, timeZone: string) =>
  sql`o.created_at >= (${day}::timestamp at time zone ${timeZone}) and o.created_at < ((${day} + 1)::timestamp at time zone ${timeZone})`;

export interface SoldPerDay {
  today: string;
  weekStart: string;
  /** Sold orders and revenue per day of the window (days without orders may be absent). */
  perDay: Array<{ day: string; orders: number; revenue: number }>;
  /** Closed days of the window read from the orders because no roll-up row was there: work them out. */
  notRolledUp: string[];
}

export async function soldPerDay(db: Db, timeZone: string, days: number): Promise<SoldPerDay> {
  const result = await db.execute(sql`
    with ${bounds(timeZone, days)}, live as (
      select od.day, count(*)::int as orders, coalesce(sum(o.total_amt), 0) as revenue
      from open_days od join orders o on ${ofDay(sql`od.day`, timeZone)}
      where ${soldOrder}
      group by od.day
    ), per_day as (
      select day, orders, revenue from rolled union all select day, orders, revenue from live
    )
    select w.today::text as today, w.week_start::text as week_start,
           coalesce((select json_agg(json_build_object('day', d.day::text, 'orders', d.orders, 'revenue', d.revenue::float8)) from per_day d), '[]'::json) as per_day,
           coalesce((select json_agg(od.day::text) from open_days od where od.day <= w.closed_to), '[]'::json) as not_rolled_up
    from w`);
  const [row] = (result as { rows: Array<{ today: string; week_start: string; per_day: unknown; not_rolled_up: unknown }> }).rows;
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    today: row!.today,
    weekStart: row!.week_start,
    perDay: json<SoldPerDay['perDay']>(row!.per_day),
    notRolledUp: json<string[]>(row!.not_rolled_up),
  };
}

/**
 * The products sold most (by units, then revenue) in the window: rolled-up days' rows plus the lines of
 * the open days' sold orders (found by the orders' creation index first, then their lines by order).
 */
export async function topSoldProducts(
  db: Db,
  timeZone: string,
  days: number,
  limit: number,
): Promise<Array<{ productId: string; name: string; units: number; revenue: number }>> {
  const result = await db.execute(sql`
    with ${bounds(timeZone, days)}, recent as materialized (
      select o.id from open_days od join orders o on ${ofDay(sql`od.day`, timeZone)} where ${soldOrder}
    ), sold as (
      select p.product_id, p.name, p.units, p.revenue from overview_day_products p join rolled r on r.day = p.day
      union all
      select l.product_id, l.name, l.quantity, l.sub_total_amt
      from order_lines l where l.order_id = any(array(select id from recent)) and l.product_id is not null
    )
    select product_id as "productId", max(name) as name, sum(units)::int as units, coalesce(sum(revenue), 0)::float8 as revenue
    from sold
    group by product_id
    order by units desc, revenue desc, product_id
    limit ${limit}`);
  return (result as { rows: Array<{ productId: string; name: string; units: number; revenue: number }> }).rows.map((r) => ({
    ...r,
    units: Number(r.units),
    revenue: Number(r.revenue),
  }));
}

/**
 * Works out the roll-up of the given closed days from the orders. Each day is taken under its advisory
 * lock, exclusively and without waiting (a day whose orders are being changed right now is skipped: the
 * next overview reads it live and tries again); the figures are read after the locks are held, so every
 * change that marked the day before is in them, and any change after marks the new row stale.
 */
export async function rollUpDays(db: Db, timeZone: string, days: readonly string[]): Promise<string[]> {
  if (days.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`
      with wanted as materialized (
        select d from unnest(${`{${days.join(',')}}`}::date[]) d
        where not exists (select 1 from overview_days r where r.day = d) or exists (select 1 from overview_stale_days s where s.day = d)
      )
      select coalesce(json_agg(d::text order by d), '[]'::json) as days from wanted
      where pg_try_advisory_xact_lock(${DAY_LOCK}, d - date '2000-01-01')`);
    const raw = (locked as { rows: Array<{ days: unknown }> }).rows[0]!.days;
    const mine = (typeof raw === 'string' ? JSON.parse(raw) : raw) as string[];
    if (mine.length === 0) return [];
    const mineList = `{${mine.join(',')}}`;
    const list = sql`unnest(${mineList}::date[])`;
    await tx.execute(sql`delete from overview_stale_days where day = any(${mineList}::date[])`);
    await tx.execute(sql`delete from overview_day_products where day = any(${mineList}::date[])`);
    await tx.execute(sql`
      insert into overview_days (day, orders, revenue)
      select d, count(o.id)::int, coalesce(sum(o.total_amt), 0)
      from ${list} d left join orders o on ${ofDay(sql`d`, timeZone)} and ${soldOrder}
      group by d
      on conflict (day) do update set orders = excluded.orders, revenue = excluded.revenue, worked_out_at = now()`);
    await tx.execute(sql`
      insert into overview_day_products (day, product_id, name, units, revenue)
      select d, l.product_id, max(l.name), sum(l.quantity)::int, coalesce(sum(l.sub_total_amt), 0)
      from ${list} d join orders o on ${ofDay(sql`d`, timeZone)} and ${soldOrder}
        join order_lines l on l.order_id = o.id and l.product_id is not null
      group by d, l.product_id`);
    return mine;
  });
}
