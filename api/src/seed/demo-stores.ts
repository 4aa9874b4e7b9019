import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { transferToNewStores } from '../inventory/index.js';
import { storePincodes, stores } from '../stores/stores.table.js';

const logger = new Logger('Seed');

/**
 * The demo's dark stores (docs/product.md#delivery): one per neighbourhood, each serving the pincodes around it (all
 * listed by India Post's directory and inside the delivery zones: demo-stores.spec.ts checks), promising 10 minutes.
 */
export const DEMO_STORES = [
  {
    name: 'Haat Koramangala',
    address: '80 Feet Road, 4th Block, Koramangala',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560034',
    servesPincodes: ['560034', '560095', '560047', '560030', '560029'],
  },
  {
    name: 'Haat Indiranagar',
    address: '100 Feet Road, HAL 2nd Stage, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    servesPincodes: ['560038', '560008', '560071', '560075'],
  },
  {
    name: 'Haat Andheri West',
    address: 'Veera Desai Road, Andheri West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400053',
    servesPincodes: ['400053', '400058', '400061', '400049'],
  },
  {
    name: 'Haat Hauz Khas',
    address: 'Aurobindo Marg, Hauz Khas',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110016',
    servesPincodes: ['110016', '110017', '110049', '110029'],
  },
] as const;

/** What a quick-commerce shelf holds: the categories whose products the demo stores stock. */
export const DEMO_STORE_CATEGORIES = ['Snacks', 'Earbuds', 'Neckbands', 'T-shirts', 'Toys'] as const;
/** Products per category on each store's shelves, options of each, and the most units of one unit a store takes. */
const PRODUCTS_PER_CATEGORY = 6;
const OPTIONS_PER_PRODUCT = 2;
const UNITS_PER_SHELF = 5;

/**
 * Makes the demo stores and stocks their shelves from the warehouse by transfer (two 'transfer' ledger rows each, as an
 * admin's transfer writes them, set-wise: transferToNewStores): a few units of the first products of each quick-commerce category, never more than a
 * fifth of what the warehouse has of a unit per store. Runs in the seed's transaction, after the catalogue.
 */
export async function seedStores(db: Db): Promise<void> {
  const started = Date.now();
  const made = DEMO_STORES.map((s) => ({ ...s, id: newId() }));
  await db.insert(stores).values(made.map(({ servesPincodes: _, ...s }) => ({ ...s, promiseMinutes: 10 })));
  await db.insert(storePincodes).values(made.flatMap((s) => s.servesPincodes.map((pincode) => ({ pincode, storeId: s.id }))));
  const result = await db.execute(sql`
    with picked as (
      select p.id, p.name, row_number() over (partition by c.id order by p.name, p.id) as n
      from categories c join products p on p.category_ids @> array[c.id] and p.publish
        and exists (select 1 from product_variants v join inventory_levels l on l.id = v.inventory_level_id
                    where v.product_id = p.id and l.available > ${DEMO_STORES.length})
      where c.name in (${sql.join(
        DEMO_STORE_CATEGORIES.map((name) => sql`${name}`),
        sql`, `,
      )})
    ), units as (
      select pk.id as product_id, v.id as variant_row_id, v.is_default, v.inventory_level_id as warehouse_id, l.available,
             row_number() over (partition by pk.id order by v.is_default, v.position, v.id) as k,
             exists (select 1 from product_variants o where o.product_id = pk.id and not o.is_default) as has_options
      from picked pk join product_variants v on v.product_id = pk.id join inventory_levels l on l.id = v.inventory_level_id
      where pk.n <= ${PRODUCTS_PER_CATEGORY}
    )
    select variant_row_id as "variantRowId", warehouse_id as "warehouseId", available from units
    where (has_options and not is_default and k <= ${OPTIONS_PER_PRODUCT}) or (not has_options)
    order by product_id, k`);
  const units = (result as { rows: Array<{ variantRowId: string; warehouseId: string; available: number }> }).rows;
  // Options that share their product's pool share its units out: each store takes at most a fifth of a pool in all.
  const sharing = new Map<string, number>();
  for (const unit of units) sharing.set(unit.warehouseId, (sharing.get(unit.warehouseId) ?? 0) + 1);
  const moves = units.flatMap((unit) => {
    const each = Math.min(UNITS_PER_SHELF, Math.floor(Number(unit.available) / ((made.length + 1) * sharing.get(unit.warehouseId)!)));
    return each < 1 ? [] : made.map((store) => ({ storeId: store.id, variantRowId: unit.variantRowId, levelId: newId(), units: each }));
  });
  await transferToNewStores(db, moves);
  const moved = moves.reduce((sum, m) => sum + m.units, 0);
  logger.log(
    `Seeded ${made.length} dark stores, stocked with ${moved} units from the warehouse (${units.length} products and options) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
