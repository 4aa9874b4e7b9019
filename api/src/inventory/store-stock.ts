import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { StoreStockLine, StoreUnit, TransferDirection } from '@haat/shared/stores/store.schema';
import type { Db } from '../db/database.js';
import { AppError, invalidField } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { inventoryLevels, productVariants, stockMovements } from './inventory.table.js';
import { storeUnits } from './store-units.table.js';

// A dark store's pools (docs/architecture.md#stores-and-their-pools): each sellable unit a store stocks has a pool
// of its own (an inventory_levels row with the store's id, product_id null and options 0, so the product read
// model never takes it for a product's pool), named by store_units. Like every pool, it changes only here, and
// every change is a ledger row: a pool's ledger adds up to its figures.

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A sellable unit's row: the option named, or the product's own (default) row when none is. */
interface UnitRow {
  variantRowId: string;
  isDefault: boolean;
  warehouseLevelId: string;
}

/**
 * The unit a request names, as the low-stock list names one (adjustUnitStock): a product sold in options needs
 * its option named (400 naming `variantId` for an option it does not have). Null for a product that does not exist.
 */
async function unitOf(tx: Tx, productId: string, variantId: string | null): Promise<UnitRow | null> {
  const rows = await tx
    .select({ variantRowId: productVariants.id, isDefault: productVariants.isDefault, warehouseLevelId: productVariants.inventoryLevelId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  if (rows.length === 0) return null;
  if (variantId === null) {
    if (rows.some((r) => !r.isDefault)) throw invalidField('variantId', 'is required: this product is sold in options');
    return rows.find((r) => r.isDefault) ?? null;
  }
  const option = rows.find((r) => !r.isDefault && r.variantRowId === variantId);
  if (!option) throw invalidField('variantId', 'is not a variant of this product');
  return option;
}

/** The store's pool of a unit, made (empty, no ledger row: nothing moved yet) on first use. */
async function storePoolOf(tx: Tx, storeId: string, variantRowId: string): Promise<string> {
  const existing = async () =>
    (
      await tx
        .select({ id: storeUnits.inventoryLevelId })
        .from(storeUnits)
        .where(and(eq(storeUnits.storeId, storeId), eq(storeUnits.variantId, variantRowId)))
    )[0]?.id;
  const found = await existing();
  if (found) return found;
  const id = newId();
  await tx.insert(inventoryLevels).values({ id, onHand: 0, storeId });
  const [linked] = await tx
    .insert(storeUnits)
    .values({ storeId, variantId: variantRowId, inventoryLevelId: id })
    .onConflictDoNothing()
    .returning({ id: storeUnits.inventoryLevelId });
  if (linked) return linked.id;
  // Another admin's first set of the same unit committed first: theirs is the pool.
  await tx.delete(inventoryLevels).where(eq(inventoryLevels.id, id));
  const theirs = await existing();
  if (!theirs) throw new Error(`store unit ${storeId}/${variantRowId} vanished`);
  return theirs;
}

/** Pools locked FOR NO KEY UPDATE in id order, as orders lock them (reserveOrderLines), so two writers never deadlock. */
function lockPools(tx: Tx, ids: string[]) {
  return tx
    .select({ id: inventoryLevels.id, onHand: inventoryLevels.onHand, reserved: inventoryLevels.reserved, available: inventoryLevels.available })
    .from(inventoryLevels)
    .where(inArray(inventoryLevels.id, ids))
    .orderBy(asc(inventoryLevels.id))
    .for('no key update');
}

const figures = (productId: string, variantId: string | null, pool: { onHand: number; reserved: number }): StoreUnit => ({
  productId,
  variantId,
  onHand: pool.onHand,
  reserved: pool.reserved,
  available: pool.onHand - pool.reserved,
});

/**
 * Sets the units on a store's shelf for one unit (its pool's on-hand), in the caller's transaction. `expectedStock` is the
 * on-hand the admin's screen showed (0 for a unit the store never stocked); a pool that moved since is refused with
 * 409 STOCK_CHANGED and the figure now, as the catalogue's stock edit refuses one (docs/decisions/0208-bare-stock-figures.md).
 * Units reserved by open orders stay reserved: a shelf below them is 409 STOCK_RESERVED. One 'adjustment' ledger
 * row for the difference. Null for an unknown product.
 */
export async function setStoreStock(
  tx: Tx,
  storeId: string,
  unit: { productId: string; variantId: string | null },
  change: { stock: number; expectedStock: number },
  adminId: string | null,
): Promise<StoreUnit | null> {
  const row = await unitOf(tx, unit.productId, unit.variantId);
  if (!row) return null;
  const poolId = await storePoolOf(tx, storeId, row.variantRowId);
  const [pool] = await lockPools(tx, [poolId]);
  if (!pool) throw new Error(`store pool ${poolId} vanished`);
  const where = { productId: unit.productId, ...(unit.variantId ? { variantId: unit.variantId } : {}), storeId };
  if (pool.onHand !== change.expectedStock)
    throw new AppError(
      409,
      ErrorCode.StockChanged,
      `Stock changed while you were editing: it is now ${pool.onHand} (orders since you opened the form). Enter the new figure again.`,
      { ...where, current: pool.onHand, fields: ['expectedStock'] },
    );
  if (change.stock < pool.reserved)
    throw new AppError(409, ErrorCode.StockReserved, `stock: ${pool.reserved} units on this shelf are held by open orders; it cannot hold fewer.`, {
      ...where,
      reserved: pool.reserved,
      fields: ['stock'],
    });
  const delta = change.stock - pool.onHand;
  if (delta !== 0) {
    await tx
      .update(inventoryLevels)
      .set({ onHand: sql`${inventoryLevels.onHand} + ${delta}::int`, updatedAt: new Date() })
      .where(eq(inventoryLevels.id, poolId));
    await tx.insert(stockMovements).values({ inventoryLevelId: poolId, variantId: row.variantRowId, reason: 'adjustment', onHandDelta: delta, adminId });
  }
  return figures(unit.productId, unit.variantId, { onHand: change.stock, reserved: pool.reserved });
}

/**
 * Moves `units` of one unit between the national warehouse's pool and a store's pool, in the caller's transaction:
 * `to: 'store'` from the warehouse to the store, `'warehouse'` back. Only available units move (what open orders
 * hold stays where it is held); fewer available than asked is 409 OUT_OF_STOCK naming what can move. Both pools are
 * locked in id order as orders lock them, so transfers and orders racing on them never deadlock; two 'transfer'
 * ledger rows, one per pool. Answers the store pool's figures; null for an unknown product.
 */
export async function transferStock(
  tx: Tx,
  storeId: string,
  unit: { productId: string; variantId: string | null },
  units: number,
  to: TransferDirection,
  adminId: string | null,
): Promise<StoreUnit | null> {
  const row = await unitOf(tx, unit.productId, unit.variantId);
  if (!row) return null;
  const storePool = await storePoolOf(tx, storeId, row.variantRowId);
  const locked = await lockPools(tx, [storePool, row.warehouseLevelId]);
  const store = locked.find((p) => p.id === storePool);
  const warehouse = locked.find((p) => p.id === row.warehouseLevelId);
  if (!store || !warehouse) throw new Error(`pools of store unit ${storeId}/${row.variantRowId} vanished`);
  const [from, into] = to === 'store' ? [warehouse, store] : [store, warehouse];
  if (from.available < units) {
    const left = Math.max(from.available, 0);
    throw new AppError(
      409,
      ErrorCode.OutOfStock,
      to === 'store'
        ? `units: only ${left} can move from the warehouse; you asked for ${units}.`
        : `units: only ${left} can move from the store; you asked for ${units}.`,
      { productId: unit.productId, ...(unit.variantId ? { variantId: unit.variantId } : {}), storeId, available: left, fields: ['units'] },
    );
  }
  await tx
    .update(inventoryLevels)
    .set({ onHand: sql`${inventoryLevels.onHand} - ${units}::int`, updatedAt: new Date() })
    .where(eq(inventoryLevels.id, from.id));
  await tx
    .update(inventoryLevels)
    .set({ onHand: sql`${inventoryLevels.onHand} + ${units}::int`, updatedAt: new Date() })
    .where(eq(inventoryLevels.id, into.id));
  await tx.insert(stockMovements).values([
    { inventoryLevelId: from.id, variantId: row.variantRowId, reason: 'transfer', onHandDelta: -units, adminId },
    { inventoryLevelId: into.id, variantId: row.variantRowId, reason: 'transfer', onHandDelta: units, adminId },
  ]);
  return figures(unit.productId, unit.variantId, { onHand: store.onHand + (to === 'store' ? units : -units), reserved: store.reserved });
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * A store's stock: every unit it has a pool of (stocked once, even if sold out since), with the figures of its pool
 * and what the warehouse has on sale of the same unit, by product name then option position. Read only.
 */
export async function storeStock(db: Pick<Db, 'execute'>, storeId: string): Promise<StoreStockLine[]> {
  const result = await db.execute(sql`
    select p.id as "productId", case when sv.is_default then null else sv.id end as "variantId", p.name,
           case when sv.is_default then null else sv.name end as "variantName",
           coalesce(sv.image[1], p.image[1]) as image,
           sl.on_hand as "onHand", sl.reserved, sl.available, wl.available as "warehouseAvailable"
    from store_units su
    join inventory_levels sl on sl.id = su.inventory_level_id
    join product_variants sv on sv.id = su.variant_id
    join products p on p.id = sv.product_id
    join inventory_levels wl on wl.id = sv.inventory_level_id
    where su.store_id = ${storeId}
    order by p.name, p.id, sv.position, sv.id`);
  return rowsOf<StoreStockLine>(result).map((r) => ({
    ...r,
    image: r.image ?? null,
    onHand: Number(r.onHand),
    reserved: Number(r.reserved),
    available: Number(r.available),
    warehouseAvailable: Number(r.warehouseAvailable),
  }));
}

/** What each store has on sale, by store id: its units (the pools' available units) and the products they belong to. */
export async function unitsStockedByStore(db: Pick<Db, 'select'>, storeIds: readonly string[]): Promise<Map<string, { units: number; products: number }>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({
      storeId: storeUnits.storeId,
      units: sql<string>`coalesce(sum(${inventoryLevels.available}), 0)`,
      products: sql<string>`count(distinct ${productVariants.productId})`,
    })
    .from(storeUnits)
    .innerJoin(inventoryLevels, eq(inventoryLevels.id, storeUnits.inventoryLevelId))
    .innerJoin(productVariants, eq(productVariants.id, storeUnits.variantId))
    .where(and(inArray(storeUnits.storeId, [...storeIds]), gt(inventoryLevels.available, 0)))
    .groupBy(storeUnits.storeId);
  return new Map(rows.map((r) => [r.storeId, { units: Number(r.units), products: Number(r.products) }]));
}
