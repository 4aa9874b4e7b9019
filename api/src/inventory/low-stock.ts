import { sql } from 'drizzle-orm';
import type { LowStockItem } from '@haat/shared/orders/overview';
import type { Db } from '../db/database.js';

/**
 * The sellable units with fewer than `threshold` units left to sell (on-hand less reserved), fewest
 * first. A product without options is one unit (its default row, `variantId` null); a product with
 * options lists its options, never its default row, as the wire does. An option sharing the default
 * row's pool shows that pool's figure. Read only: the inventory stays the one place stock is computed.
 */
export async function lowStockUnits(db: Db, threshold: number, limit: number): Promise<LowStockItem[]> {
  const result = await db.execute(sql`
    select p.id as "productId", p.name as "productName",
           case when sv.is_default then null else sv.id end as "variantId",
           case when sv.is_default then null else sv.name end as "variantName",
           il.available
    from inventory_levels il
    join product_variants sv on sv.inventory_level_id = il.id
    join products p on p.id = sv.product_id
    where il.available < ${threshold}
      and (not sv.is_default or not exists (select 1 from product_variants o where o.product_id = sv.product_id and not o.is_default))
    order by available, p.name, sv.position
    limit ${limit}`);
  return (result as { rows: LowStockItem[] }).rows.map((r) => ({ ...r, available: Number(r.available) }));
}
