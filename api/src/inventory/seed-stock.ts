import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

/**
 * A staging table for a bulk load of products (the demo seed): one row per product with its stock
 * and its options as the seed made them, for the caller's transaction only.
 */
export async function createStockStaging(db: Db): Promise<void> {
  await db.execute(sql`create temp table seed_stock (product_id text not null, stock int not null, variants jsonb not null) on commit drop`);
}

/**
 * The inventory of the seeded products, from the staging table: each product's default row sells
 * from a pool with its stock; each option is a row, with a pool of its own when it has a stock
 * figure; every pool starts with one 'initial' ledger row.
 */
export async function stockFromStaging(db: Db): Promise<void> {
  await db.execute(
    sql`insert into inventory_levels (id, on_hand, product_id, options) select 'L' || product_id, stock, product_id, jsonb_array_length(variants) from seed_stock`,
  );
  await db.execute(
    sql`insert into product_variants (id, product_id, is_default, name, inventory_level_id) select 'D' || product_id, product_id, true, '', 'L' || product_id from seed_stock`,
  );
  await db.execute(sql`insert into inventory_levels (id, on_hand)
    select 'L' || (e->>'_id'), (e->>'stock')::int from seed_stock s, jsonb_array_elements(s.variants) e where jsonb_typeof(e->'stock') = 'number'`);
  await db.execute(sql`insert into product_variants (id, product_id, name, sku, price, image, position, inventory_level_id)
    select e->>'_id', s.product_id, e->>'name', e->>'sku', (e->>'price')::numeric,
           coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(e->'image') = 'array' then e->'image' else '[]'::jsonb end)), '{}'::text[]),
           (t.i - 1)::int, case when jsonb_typeof(e->'stock') = 'number' then 'L' || (e->>'_id') else 'L' || s.product_id end
    from seed_stock s, jsonb_array_elements(s.variants) with ordinality as t(e, i)`);
  await db.execute(sql`insert into stock_movements (inventory_level_id, reason, on_hand_delta)
    select v.inventory_level_id, 'initial', l.on_hand from seed_stock s join product_variants v on v.product_id = s.product_id
    join inventory_levels l on l.id = v.inventory_level_id where v.is_default or v.inventory_level_id = 'L' || v.id`);
}

/**
 * Stocks new dark stores from the warehouse for a bulk load (the demo seed), set-wise, as `transferStock` would one
 * move at a time: each move makes the store's pool of a unit (`levelId`, new) and its `store_units` row, takes the
 * units off the unit's warehouse pool, and writes the two 'transfer' ledger rows. The caller gives moves that fit
 * what the warehouse has available and pools that do not exist yet (fresh stores, in its transaction).
 */
export async function transferToNewStores(
  db: Db,
  moves: ReadonlyArray<{ storeId: string; variantRowId: string; levelId: string; units: number }>,
): Promise<void> {
  if (moves.length === 0) return;
  const rows = JSON.stringify(moves.map((m) => ({ store_id: m.storeId, variant_id: m.variantRowId, level_id: m.levelId, units: m.units })));
  const moved = sql`(select m.*, v.inventory_level_id as warehouse_id
    from jsonb_to_recordset(${rows}::jsonb) as m(store_id text, variant_id text, level_id text, units int)
    join product_variants v on v.id = m.variant_id)`;
  await db.execute(sql`insert into inventory_levels (id, on_hand, store_id) select level_id, units, store_id from ${moved} m`);
  await db.execute(sql`insert into store_units (store_id, variant_id, inventory_level_id) select store_id, variant_id, level_id from ${moved} m`);
  await db.execute(sql`update inventory_levels l set on_hand = l.on_hand - t.units, updated_at = now()
    from (select warehouse_id, sum(units)::int as units from ${moved} m group by warehouse_id) t where l.id = t.warehouse_id`);
  await db.execute(sql`insert into stock_movements (inventory_level_id, variant_id, reason, on_hand_delta)
    select p.level_id, p.variant_id, 'transfer', p.delta from ${moved} m
    cross join lateral (values (m.warehouse_id, m.variant_id, -m.units, 0), (m.level_id, m.variant_id, m.units, 1)) as p(level_id, variant_id, delta, k)
    order by m.level_id, p.k`);
}
