import { sql } from 'drizzle-orm';
import { defineStatement, type NamedStatement } from '../db/database.js';
import { unitRow } from './available.js';

/** One sellable unit asked of a store: a product's option (null: its default unit) and how many. */
export interface UnitAsked {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** Which store serves a pincode, and whether its shelves hold every unit asked. */
export interface StoreAsk {
  pincode: string;
  units: readonly UnitAsked[];
}

/** The answer to a StoreAsk: the open store serving the pincode (none: no store, or a closed one) and whether it can fill the units. */
export interface StoreFill {
  store: { id: string; name: string; promiseMinutes: number } | null;
  /** Every unit asked is on the store's shelves (quantity ≤ its pool's available); true for no units. */
  fills: boolean;
  /** Units asked that name no sellable unit (a product or option the shop does not have). */
  unknownUnits: number;
}

/**
 * Can the open store that serves this pincode fill these units: one statement for many asks (a JSON list), every
 * lookup by key: the pincode's row (one store per pincode), the store, each unit's row (`unitRow`: the option
 * named, or the product's default row), the store's pool of it (`store_units`) and its `available`
 * (docs/architecture.md#inventory-apisrcinventory). A unit the store never stocked has no pool: the store lacks it.
 * The pool is read by a correlated lookup, not a join: joined, the planner (which expects 100 units an ask) hashed
 * every pool of every location once per ask, 0.3–0.5 s for a flash sale's 200 asks on 10,000 products.
 */
const STORE_FILLS = defineStatement<{ asks: string }>(
  'store-fills',
  (p) => sql`select a.ord, s.id as store_id, s.name as store_name, s.promise_minutes, u.fills, u.unknown_units
    from jsonb_to_recordset(${p.asks}::jsonb) as a(ord int, pincode text, units jsonb)
    left join store_pincodes sp on sp.pincode = a.pincode
    left join stores s on s.id = sp.store_id and s.open
    cross join lateral (
      select coalesce(bool_and(coalesce(v.available, 0) >= w.quantity), true) as fills, (count(*) filter (where v.id is null))::int as unknown_units
      from jsonb_to_recordset(a.units) as w(product_id text, variant_id text, quantity int)
      left join lateral (
        select pv.id, (
          select l.available from store_units su join inventory_levels l on l.id = su.inventory_level_id
          where su.store_id = s.id and su.variant_id = pv.id
        ) as available
        from product_variants pv where ${unitRow(sql`pv`, sql`w.product_id`, sql`w.variant_id`)} limit 1
      ) v on true
    ) u`,
);

/** Answers each ask (see STORE_FILLS), in the order asked. */
export async function storeFills(statement: NamedStatement, asks: readonly StoreAsk[]): Promise<StoreFill[]> {
  const json = JSON.stringify(
    asks.map((ask, ord) => ({
      ord,
      pincode: ask.pincode,
      units: ask.units.map((u) => ({ product_id: u.productId, variant_id: u.variantId, quantity: u.quantity })),
    })),
  );
  const rows = await statement<
    { ord: number; store_id: string | null; store_name: string | null; promise_minutes: number | null; fills: boolean; unknown_units: number },
    { asks: string }
  >(STORE_FILLS, { asks: json });
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
  return asks.map((_, ord) => {
    const row = byOrd.get(ord);
    const store = row?.store_id ? { id: row.store_id, name: row.store_name ?? '', promiseMinutes: Number(row.promise_minutes) } : null;
    return { store, fills: store !== null && row?.fills === true, unknownUnits: Number(row?.unknown_units ?? 0) };
  });
}

/**
 * Which of the stores named hold every unit asked on their shelves (a pickup order's stores,
 * docs/product.md#store-pickup), by the same reads as STORE_FILLS, all of the inventory's own tables: each unit's row,
 * the store's pool of it and its `available`. A unit the shop does not have is held by no store. The stores (open
 * ones) are the stores domain's to name. Each looked up by key: one statement for the checkout's list.
 */
const STORES_HOLDING = defineStatement<{ stores: string; units: string }>(
  'stores-holding',
  (p) => sql`select s.id from jsonb_array_elements_text(${p.stores}::jsonb) as s(id)
    where not exists (
      select 1 from jsonb_to_recordset(${p.units}::jsonb) as w(product_id text, variant_id text, quantity int)
      where coalesce((
        select l.available from product_variants pv
        join store_units su on su.variant_id = pv.id and su.store_id = s.id
        join inventory_levels l on l.id = su.inventory_level_id
        where ${unitRow(sql`pv`, sql`w.product_id`, sql`w.variant_id`)} limit 1
      ), 0) < w.quantity
    )`,
);

/** The ids of `storeIds` whose shelves hold every unit of `units` now. */
export async function storesHolding(statement: NamedStatement, storeIds: readonly string[], units: readonly UnitAsked[]): Promise<string[]> {
  if (storeIds.length === 0) return [];
  const json = JSON.stringify(units.map((u) => ({ product_id: u.productId, variant_id: u.variantId, quantity: u.quantity })));
  const rows = await statement<{ id: string }, { stores: string; units: string }>(STORES_HOLDING, { stores: JSON.stringify(storeIds), units: json });
  return rows.map((r) => r.id);
}
