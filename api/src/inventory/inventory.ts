import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { anyText } from '../db/any-text.js';
import type { Db } from '../db/database.js';
import { AppError, invalidField } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { accountHolds, inventoryLevels, productVariants, stockMovements } from './inventory.table.js';
import { unitRow } from './available.js';

// The inventory module: the only code that writes stock (inventory_levels) and its ledger
// (stock_movements). Orders reserve through order-reservation.ts inside their own statement; the
// rest goes through the functions here, each run in the caller's transaction (pass it as `tx`).

type Tx = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What ends an order's hold on stock: cancelled, its card checkout expired, or shipped (fulfilled). */
export type OrderStockEvent = 'cancel' | 'expiry' | 'fulfil';

/**
 * Settles what an order holds, from the ledger: its outstanding reservation per pool is the sum of
 * its rows. `fulfil` turns the reservation into units gone from the shelf; `cancel` and `expiry`
 * give the reservation back and put any fulfilled units back on the shelf, unless `shippedReturn` is false
 * (an order cancelled after it shipped: its units are in a van, and come back on sale only when the parcel
 * does, through restockReturn). A second call finds nothing outstanding and writes nothing, so a repeated
 * cancel or webhook cannot return stock twice.
 * Pools of options deleted since have nothing to return to. Answers the products whose pools moved.
 */
export async function settleOrderStock(tx: Tx, orderId: string, event: OrderStockEvent, options: { shippedReturn?: boolean } = {}): Promise<string[]> {
  // Shipped units not coming back now (an order cancelled in transit): they return with the parcel (restockReturn).
  const fulfil = event === 'fulfil' || options.shippedReturn === false;
  const result = await tx.execute(sql`
    with held as (
      select inventory_level_id as level_id, variant_id, sum(reserved_delta)::int as reserved, (-sum(on_hand_delta))::int as shipped
      from stock_movements where order_id = ${orderId} and inventory_level_id is not null
      group by inventory_level_id, variant_id
    ), moves as (
      select level_id, variant_id,
             case when ${fulfil} then -reserved else shipped end as on_hand_delta,
             -reserved as reserved_delta
      from held where reserved <> 0 or (not ${fulfil} and shipped <> 0)
    ), pools as (
      select level_id, sum(on_hand_delta)::int as on_hand_delta, sum(reserved_delta)::int as reserved_delta from moves group by level_id
    ), locked as (
      select l.id from inventory_levels l where l.id = any(array(select level_id from pools)) order by l.id for no key update
    ), applied as (
      update inventory_levels l
      set on_hand = l.on_hand + (select p.on_hand_delta from pools p where p.level_id = l.id),
          reserved = l.reserved + (select p.reserved_delta from pools p where p.level_id = l.id), updated_at = now()
      where l.id = any(array(select id from locked))
      returning l.id
    )
    insert into stock_movements (inventory_level_id, variant_id, reason, on_hand_delta, reserved_delta, order_id)
    select m.level_id, m.variant_id, ${event}::text, m.on_hand_delta, m.reserved_delta, ${orderId}
    from moves m where m.level_id in (select id from applied)
    returning (select v.product_id from product_variants v where v.id = stock_movements.variant_id) as product_id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ product_id: string | null }> }).rows) as Array<{ product_id: string | null }>;
  return [...new Set(rows.flatMap((r) => (r.product_id ? [r.product_id] : [])))];
}

/**
 * Some units of an order stop being reserved before it ships (docs/product.md#cancelling-part-of-an-order): each line's
 * units leave the reservation of the pool the order took them from (its ledger rows say which; a store's order reserves
 * in the store's pool), one ledger row each with reason `cancel`, the admin and the order. Answers the products whose
 * sellable stock came back. Runs in the caller's transaction, which holds the order's lock.
 */
export async function releaseOrderUnits(
  tx: Tx,
  orderId: string,
  adminId: string,
  lines: ReadonlyArray<{ productId: string; variantId: string | null; quantity: number }>,
): Promise<string[]> {
  const released: string[] = [];
  for (const line of lines) {
    const result = await tx.execute(sql`
      select m.inventory_level_id as level_id, m.variant_id, sum(m.reserved_delta)::int as reserved
      from stock_movements m join product_variants v on v.id = m.variant_id
      where m.order_id = ${orderId} and m.inventory_level_id is not null
        and ${unitRow(sql`v`, sql`${line.productId}::text`, sql`${line.variantId}::text`)}
      group by m.inventory_level_id, m.variant_id having sum(m.reserved_delta) > 0 order by m.inventory_level_id`);
    const held = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ level_id: string; variant_id: string; reserved: number }>;
    let left = line.quantity;
    for (const pool of held) {
      const units = Math.min(left, Number(pool.reserved));
      if (units <= 0) break;
      await tx
        .update(inventoryLevels)
        .set({ reserved: sql`${inventoryLevels.reserved} - ${units}`, updatedAt: new Date() })
        .where(eq(inventoryLevels.id, pool.level_id));
      await tx
        .insert(stockMovements)
        .values({ inventoryLevelId: pool.level_id, variantId: pool.variant_id, reason: 'cancel', reservedDelta: -units, orderId, adminId });
      left -= units;
    }
    if (left < line.quantity) released.push(line.productId);
  }
  return released;
}

/**
 * An order's units no longer count against its account's hold (it was paid, shipped, cancelled or expired):
 * `units` is what the order held, which the orders module clears on the order in the same transaction, once
 * per order (orders/lifecycle/release-stock.ts), so a hold never shrinks twice for one order.
 */
export async function releaseAccountHold(tx: Tx, userId: string, units: number): Promise<void> {
  await tx
    .update(accountHolds)
    .set({ units: sql`greatest(${accountHolds.units} - ${units}::int, 0)` })
    .where(eq(accountHolds.userId, userId));
}

/** Units an account holds now (see accountHolds). */
export async function unitsHeldBy(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ units: accountHolds.units }).from(accountHolds).where(eq(accountHolds.userId, userId));
  return row?.units ?? 0;
}

/** An option as an admin sends it (create or update); see the product schema. */
export interface SentVariant {
  _id?: string;
  name: string;
  price?: number;
  stock?: number;
  expectedStock?: number;
  image?: string[];
  sku?: string;
}

/**
 * An option's SKU: the one sent, else the product's SKU and the first place number from the option's own
 * (position + 1) that none of `taken` holds (docs/product.md#catalogue-in-bulk).
 */
function optionSku(sent: string | undefined, productSku: string, position: number, taken: Set<string>): string {
  if (sent !== undefined) return sent;
  let n = position + 1;
  while (taken.has(`${productSku}-${n}`)) n++;
  const sku = `${productSku}-${n}`;
  taken.add(sku);
  return sku;
}

/**
 * Creates the stock of a new product: its default unit's pool and a row per option (own pool when it has stock, else the
 * default's). Its ledger rows say `initial`, or `import` for a product made from an imported file.
 */
export async function createProductStock(
  tx: Tx,
  product: { id: string; sku: string },
  stock: number,
  variants: readonly SentVariant[],
  adminId: string | null,
  reason: 'initial' | 'import' = 'initial',
): Promise<void> {
  const productId = product.id;
  const taken = new Set(variants.flatMap((v) => (v.sku === undefined ? [] : [v.sku])));
  const defaultLevel = newId();
  const levels: Array<{ id: string; onHand: number; productId?: string; options?: number }> = [
    { id: defaultLevel, onHand: stock, productId, options: variants.length },
  ];
  const rows: Array<typeof productVariants.$inferInsert> = [{ id: newId(), productId, isDefault: true, name: '', position: 0, inventoryLevelId: defaultLevel }];
  variants.forEach((v, position) => {
    const own = typeof v.stock === 'number' ? newId() : null;
    if (own) levels.push({ id: own, onHand: v.stock! });
    // A new product's options get new ids: one sent would be another product's option.
    const sku = optionSku(v.sku, product.sku, position, taken);
    rows.push({ id: newId(), productId, name: v.name, price: v.price ?? null, image: v.image ?? [], sku, position, inventoryLevelId: own ?? defaultLevel });
  });
  await tx.insert(inventoryLevels).values(levels);
  await tx.insert(productVariants).values(rows);
  await tx.insert(stockMovements).values(levels.map((l) => ({ inventoryLevelId: l.id, reason, onHandDelta: l.onHand, adminId })));
}

interface StoredUnit {
  id: string;
  isDefault: boolean;
  sku: string | null;
  levelId: string;
  onHand: number;
  reserved: number;
  available: number;
}

/**
 * A product's units with their pools, the pools locked in id order and FOR NO KEY UPDATE, as orders lock pools
 * (reserveOrderLines): every admin stock write takes them this way (docs/decisions/0216).
 */
function lockedUnits(tx: Tx, productId: string) {
  return tx
    .select({
      id: productVariants.id,
      isDefault: productVariants.isDefault,
      sku: productVariants.sku,
      levelId: productVariants.inventoryLevelId,
      onHand: inventoryLevels.onHand,
      reserved: inventoryLevels.reserved,
      available: inventoryLevels.available,
    })
    .from(productVariants)
    .innerJoin(inventoryLevels, eq(inventoryLevels.id, productVariants.inventoryLevelId))
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.inventoryLevelId)
    .for('no key update', { of: inventoryLevels });
}

/**
 * Applies an admin's save to a product's stock and options, in the caller's transaction (the product
 * row is locked by the caller). `stock` sets what the default unit can sell (undefined: unchanged);
 * `variants` (undefined: unchanged) is the whole option list: options it still lists keep their
 * ids, new ones get new rows, options it leaves out are deleted.
 *
 * A stock figure is never written blind. With `expectedStock` (what the admin's form loaded): equal
 * to `stock` means the admin did not touch it, and what orders did meanwhile stands; different, and
 * the stock has moved since the form loaded, the save is refused with the current figure. Without it, only
 * the current figure is taken (an echo that changes nothing); any other is refused the same way. Setting a
 * figure moves on-hand by the difference, so units reserved by open orders stay reserved; a figure
 * below zero after them cannot be (they are units on the shelf already sold). Each change is a ledger row.
 */
export async function updateProductStock(
  tx: Tx,
  productId: string,
  change: { sku: string; stock?: number; expectedStock?: number; variants?: readonly SentVariant[]; reason?: 'adjustment' | 'import' },
  adminId: string | null,
): Promise<void> {
  const stored = await lockedUnits(tx, productId);
  const base = stored.find((u) => u.isDefault);
  if (!base) throw new Error(`product ${productId} has no default variant`);
  const reason = change.reason ?? 'adjustment';
  await setAvailable(tx, base, change.stock, change.expectedStock, { productId, variantId: null, field: 'stock', reason }, adminId);

  if (!change.variants) return;
  // The product's pool row counts its options (see inventoryLevels.options): the list sent is the whole list.
  const options = new Map(stored.filter((u) => !u.isDefault).map((u) => [u.id, u]));
  if (options.size !== change.variants.length)
    await tx.update(inventoryLevels).set({ options: change.variants.length }).where(eq(inventoryLevels.id, base.levelId));
  const kept = new Set<string>();
  const taken = new Set([...stored.flatMap((u) => (u.sku ? [u.sku] : [])), ...change.variants.flatMap((v) => (v.sku === undefined ? [] : [v.sku]))]);
  for (const [position, v] of change.variants.entries()) {
    const field = `variants.${position}.stock`;
    const known = v._id === undefined ? undefined : options.get(v._id);
    if (v._id !== undefined && !known) throw invalidField(`variants.${position}._id`, 'is not a variant of this product');
    const fields = { name: v.name, price: v.price ?? null, image: v.image ?? [], position, ...(v.sku !== undefined ? { sku: v.sku } : {}) };
    if (!known) {
      const own = typeof v.stock === 'number' ? newId() : null;
      if (own) {
        await tx.insert(inventoryLevels).values({ id: own, onHand: v.stock! });
        await tx.insert(stockMovements).values({ inventoryLevelId: own, reason, onHandDelta: v.stock!, adminId });
      }
      const sku = optionSku(v.sku, change.sku, position, taken);
      await tx.insert(productVariants).values({ id: newId(), productId, ...fields, sku, inventoryLevelId: own ?? base.levelId });
      continue;
    }
    kept.add(known.id);
    const sharesBase = known.levelId === base.levelId;
    let levelId = known.levelId;
    if (typeof v.stock === 'number' && sharesBase) {
      // An option that sold from the product's pool gets one of its own.
      levelId = newId();
      await tx.insert(inventoryLevels).values({ id: levelId, onHand: v.stock });
      await tx.insert(stockMovements).values({ inventoryLevelId: levelId, variantId: known.id, reason, onHandDelta: v.stock, adminId });
    } else if (typeof v.stock === 'number') {
      await setAvailable(tx, known, v.stock, v.expectedStock, { productId, variantId: known.id, field, reason }, adminId);
    } else if (!sharesBase) {
      // The option no longer keeps its own stock: it sells from the product's pool again.
      assertNothingHeld(known, productId, field);
      levelId = base.levelId;
    }
    await tx
      .update(productVariants)
      .set({ ...fields, inventoryLevelId: levelId })
      .where(eq(productVariants.id, known.id));
    if (levelId !== known.levelId && !sharesBase) await tx.delete(inventoryLevels).where(eq(inventoryLevels.id, known.levelId));
  }
  const gone = [...options.values()].filter((u) => !kept.has(u.id));
  if (gone.length === 0) return;
  // An option with its own stock that open orders hold cannot go: its pool keeps their reservation.
  for (const u of gone) if (u.levelId !== base.levelId) assertNothingHeld(u, productId, 'variants');
  await tx.delete(productVariants).where(
    and(
      eq(productVariants.productId, productId),
      inArray(
        productVariants.id,
        gone.map((u) => u.id),
      ),
    ),
  );
  const ownPools = gone.filter((u) => u.levelId !== base.levelId).map((u) => u.levelId);
  if (ownPools.length) await tx.delete(inventoryLevels).where(inArray(inventoryLevels.id, ownPools));
}

/**
 * Sets one sellable unit's stock from the admin's low-stock list: the product's own (variantId null, for a
 * product without options) or one option's, in the caller's transaction with the product row locked.
 * Always with the figure the screen loaded (`expectedStock`), as the product form sends it: a stock that
 * moved since is refused with the current figure (docs/decisions/0208-bare-stock-figures.md). An option
 * sharing the product's pool shows and sets that pool, as the list shows it. Answers false for an unknown unit.
 */
export async function adjustUnitStock(
  tx: Tx,
  productId: string,
  variantId: string | null,
  change: { stock: number; expectedStock: number },
  adminId: string | null,
): Promise<boolean> {
  const stored = await lockedUnits(tx, productId);
  const hasOptions = stored.some((u) => !u.isDefault);
  if (variantId === null && hasOptions) throw invalidField('variantId', 'is required: this product is sold in options');
  const unit = stored.find((u) => (variantId === null ? u.isDefault : !u.isDefault && u.id === variantId));
  if (!unit) return false;
  await setAvailable(tx, unit, change.stock, change.expectedStock, { productId, variantId, field: 'stock', reason: 'adjustment' }, adminId);
  return true;
}

async function setAvailable(
  tx: Tx,
  unit: StoredUnit,
  stock: number | undefined,
  expected: number | undefined,
  where: { productId: string; variantId: string | null; field: string; reason: 'adjustment' | 'import' },
  adminId: string | null,
): Promise<void> {
  if (stock === undefined) return;
  const current = unit.available;
  if (expected !== undefined && stock === expected) return; // the admin left the figure as loaded
  // A bare figure (no expectedStock) can only say "as it is now": the current figure is an echo and changes
  // nothing; any other is refused like a stale form, since a client's stale figure and a deliberate new one
  // look alike (docs/decisions/0208-bare-stock-figures.md). A new figure comes with the one it replaces.
  if (expected === undefined && stock !== current) {
    throw new AppError(
      409,
      ErrorCode.StockChanged,
      `Stock is now ${current}. To set another figure, send it with expectedStock: ${current} (the figure it replaces).`,
      { productId: where.productId, ...(where.variantId ? { variantId: where.variantId } : {}), current, fields: [where.field] },
    );
  }
  if (expected !== undefined && expected !== current) {
    throw new AppError(
      409,
      ErrorCode.StockChanged,
      `Stock changed while you were editing: it is now ${current} (orders since you opened the form). Enter the new figure again.`,
      { productId: where.productId, ...(where.variantId ? { variantId: where.variantId } : {}), current, fields: [where.field] },
    );
  }
  const delta = stock - current;
  if (delta === 0) return;
  await tx
    .update(inventoryLevels)
    .set({ onHand: sql`${inventoryLevels.onHand} + ${delta}::int`, updatedAt: new Date() })
    .where(eq(inventoryLevels.id, unit.levelId));
  await tx.insert(stockMovements).values({ inventoryLevelId: unit.levelId, variantId: where.variantId, reason: where.reason, onHandDelta: delta, adminId });
}

function assertNothingHeld(unit: StoredUnit, productId: string, field: string): void {
  if (unit.reserved === 0) return;
  throw new AppError(
    409,
    ErrorCode.StockReserved,
    field === 'variants'
      ? `${unit.reserved} units of an option you left out are held by open orders; keep the option until they ship or are cancelled.`
      : `${unit.reserved} units of this option are held by open orders; give it a stock figure until they ship or are cancelled.`,
    { productId, variantId: unit.id, reserved: unit.reserved, fields: [field] },
  );
}

/**
 * Deletes a product's stock with it: `deleteProduct` removes the product (and, by cascade, its
 * rows), then the pools its rows sold from go, with no closing ledger row. The ledger keeps its rows, still
 * naming the pool (no foreign key: docs/decisions/0002-inventory-owns-stock.md).
 */
export async function deleteWithStock<T>(tx: Tx, productId: string, deleteProduct: () => Promise<T[]>): Promise<T[]> {
  const pools = await tx.selectDistinct({ id: productVariants.inventoryLevelId }).from(productVariants).where(eq(productVariants.productId, productId));
  const gone = await deleteProduct();
  if (gone.length && pools.length)
    await tx.delete(inventoryLevels).where(
      inArray(
        inventoryLevels.id,
        pools.map((p) => p.id),
      ),
    );
  return gone;
}

/**
 * Units a shopper sent back and the shop received go back on sale: each line's pool gains them on the
 * shelf, one ledger row each with reason `return` and the order. A line whose option or product is gone
 * has no pool to return to and is skipped. Runs in the caller's transaction (the return's move).
 */
export async function restockReturn(
  tx: Tx,
  orderId: string,
  adminId: string | null,
  lines: ReadonlyArray<{ productId: string; variantId: string | null; quantity: number }>,
): Promise<string[]> {
  const restocked: string[] = [];
  for (const line of lines) {
    const [unit] = await tx
      .select({ variantId: productVariants.id, levelId: productVariants.inventoryLevelId })
      .from(productVariants)
      .where(unitRow(sql`${productVariants}`, sql`${line.productId}::text`, sql`${line.variantId}::text`))
      .limit(1);
    if (!unit) continue;
    await tx
      .update(inventoryLevels)
      .set({ onHand: sql`${inventoryLevels.onHand} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(inventoryLevels.id, unit.levelId));
    await tx
      .insert(stockMovements)
      .values({ inventoryLevelId: unit.levelId, variantId: unit.variantId, reason: 'return', onHandDelta: line.quantity, orderId, adminId });
    restocked.push(line.productId);
  }
  return restocked;
}

/** Which products' options hold these SKUs (docs/product.md#catalogue-in-bulk): the catalogue keeps one SKU namespace across products and options. */
export async function optionSkuOwners(db: Pick<Db, 'select'>, skus: readonly string[]): Promise<Array<{ sku: string; productId: string; variantId: string }>> {
  if (skus.length === 0) return [];
  const rows = await db
    .select({ sku: productVariants.sku, productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .where(anyText(productVariants.sku, skus));
  return rows.map((r) => ({ ...r, sku: r.sku! }));
}

/**
 * Fresh planner statistics for the stock tables after a bulk write (an import of thousands of products): until
 * autovacuum's next pass PostgreSQL plans reads of them for their old size, and a product page's stock, read for a
 * thousand products at once, took 20 times as long (docs/benchmarks.md#books).
 */
export async function analyzeStock(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`analyze ${inventoryLevels}, ${productVariants}`);
}
