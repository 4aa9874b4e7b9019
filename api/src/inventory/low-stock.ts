import { sql } from 'drizzle-orm';
import type { LowStockItem, LowStockPage } from '@haat/shared/orders/overview';
import type { Db } from '../db/database.js';

/**
 * The sellable units with fewer than `threshold` units left to sell (on-hand less reserved): a product
 * without options is one unit (its default row, `variantId` null); a product with options lists its
 * options, never its default row, as the wire does. An option sharing the default row's pool shows that
 * pool's figure. Read only: the inventory stays the one place stock is computed.
 */
const lowUnits = (threshold: number) => sql`
    from inventory_levels il
    join product_variants sv on sv.inventory_level_id = il.id
    join products p on p.id = sv.product_id
    where il.available < ${threshold}
      and (not sv.is_default or not exists (select 1 from product_variants o where o.product_id = sv.product_id and not o.is_default))`;

/**
 * One page of them for restocking: running low (1 or more left) first, fewest first, then the sold out, by
 * name; with both groups counted in full, so the admin sees how many there are beyond the page.
 */
export async function lowStockUnits(db: Db, threshold: number, page: number, limit: number): Promise<LowStockPage> {
  const [listed, counted] = await Promise.all([
    db.execute(sql`
      select p.id as "productId", p.name as "productName",
             case when sv.is_default then null else sv.id end as "variantId",
             case when sv.is_default then null else sv.name end as "variantName",
             il.available
      ${lowUnits(threshold)}
      order by il.available <= 0, il.available, p.name, p.id, sv.position, sv.id
      limit ${limit} offset ${(page - 1) * limit}`),
    db.execute(sql`
      select count(*) filter (where il.available > 0)::int as "runningLow", count(*) filter (where il.available <= 0)::int as "soldOut"
      ${lowUnits(threshold)}`),
  ]);
  const items = (listed as { rows: LowStockItem[] }).rows.map((r) => ({ ...r, available: Number(r.available) }));
  const [counts] = (counted as { rows: { runningLow: number | string; soldOut: number | string }[] }).rows;
  const runningLow = Number(counts?.runningLow ?? 0);
  const soldOut = Number(counts?.soldOut ?? 0);
  return { threshold, runningLow, soldOut, total: runningLow + soldOut, page, limit, items };
}
