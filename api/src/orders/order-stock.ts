import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound } from '../common/app-error.js';
import { returnProductStock, saleableRowsByIds } from '../products/products.repository.js';
import type { DbOrTx, Tx } from './order-tx.js';
import type { SaleableProduct } from './order-pricing.js';

/** Reads the products of an order; unknown ids are a 404, unpublished ones a 409. */
export async function loadSaleable(db: DbOrTx, ids: readonly string[]): Promise<Map<string, SaleableProduct>> {
  const rows = await saleableRowsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw notFound(`Product ${id}`);
    if (!row.publish) throw new AppError(409, ErrorCode.Unavailable, `${row.name} is no longer available.`, { productId: id });
  }
  return byId;
}

/** Puts the units of a cancelled or expired order back. Lines of deleted products have nothing to return to. */
export async function returnStock(tx: Tx, lines: ReadonlyArray<{ productId: string | null; quantity: number }>): Promise<void> {
  const sorted = lines.filter((l): l is { productId: string; quantity: number } => l.productId !== null).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of sorted) {
    await returnProductStock(tx, line.productId, line.quantity);
  }
}
