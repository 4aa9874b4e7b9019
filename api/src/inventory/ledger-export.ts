import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { products } from '../catalog/products.table.js';
import { inventoryLevels, productVariants, stockMovements, type StockReason } from './inventory.table.js';

/** Ledger rows read per statement: a batch is all an export holds at a time. */
const BATCH = 2000;

/** The stock ledger export's columns (docs/product.md#exports). */
export const LEDGER_EXPORT_HEADER = ['Entry', 'At (IST)', 'SKU', 'Product', 'Option', 'Reason', 'On hand change', 'Reserved change', 'Order', 'Admin'] as const;

export interface LedgerEntry {
  id: number;
  at: Date;
  sku: string | null;
  product: string | null;
  option: string | null;
  reason: StockReason;
  onHandDelta: number;
  reservedDelta: number;
  orderId: string | null;
  adminId: string | null;
}

/**
 * The stock ledger's entries made in [from, to), in the order written, each with the SKU and names of what moved (an
 * option or a product deleted since shows none): `BATCH` entries a statement after the last one's id.
 */
export async function* ledgerBetween(db: Pick<Db, 'select'>, from: Date, to: Date): AsyncGenerator<LedgerEntry> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: stockMovements.id,
        at: stockMovements.createdAt,
        optionSku: productVariants.sku,
        productSku: products.sku,
        product: products.name,
        option: productVariants.name,
        isDefault: productVariants.isDefault,
        reason: stockMovements.reason,
        onHandDelta: stockMovements.onHandDelta,
        reservedDelta: stockMovements.reservedDelta,
        orderId: stockMovements.orderId,
        adminId: stockMovements.adminId,
      })
      .from(stockMovements)
      .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .leftJoin(inventoryLevels, eq(inventoryLevels.id, stockMovements.inventoryLevelId))
      // An entry names its option, or only the pool: a product's own pool names its product.
      .leftJoin(products, eq(products.id, sql`coalesce(${productVariants.productId}, ${inventoryLevels.productId})`))
      .where(and(gt(stockMovements.id, after), gte(stockMovements.createdAt, from), lt(stockMovements.createdAt, to)))
      .orderBy(asc(stockMovements.id))
      .limit(BATCH);
    for (const r of batch) {
      const option = r.isDefault === false ? r.option : null;
      yield { ...r, sku: option !== null ? r.optionSku : r.productSku, option };
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}
