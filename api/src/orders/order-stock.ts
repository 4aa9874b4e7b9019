import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound } from '../common/app-error.js';
import { returnProductStock, saleableRowsByIds, takeProductStock } from '../products/products.repository.js';
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

/** Why a conditional take failed, read inside the same transaction: stock gone or price moved. */
export type TakeFailure = { kind: 'stock'; product: SaleableProduct } | { kind: 'price'; product: SaleableProduct };

/**
 * Takes stock line by line with `stock = stock - q where stock >= q` (and the price the shopper
 * was charged still current), so concurrent orders can never oversell: the row lock makes a
 * second order wait, and its condition is checked again on the committed stock. Lines go in
 * product-id order so two multi-line orders lock rows in the same order and never deadlock.
 */
export async function takeStock(
  tx: Tx,
  lines: ReadonlyArray<{ productId: string; quantity: number; price: number; discount: number }>,
): Promise<TakeFailure | null> {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
    const taken = await takeProductStock(tx, line);
    if (!taken) {
      const now = await loadSaleable(tx, [line.productId]);
      const product = now.get(line.productId) as SaleableProduct;
      return product.stock < line.quantity ? { kind: 'stock', product } : { kind: 'price', product };
    }
  }
  return null;
}

/** Puts the units of a cancelled or expired order back. Lines of deleted products have nothing to return to. */
export async function returnStock(tx: Tx, lines: ReadonlyArray<{ productId: string | null; quantity: number }>): Promise<void> {
  const sorted = lines.filter((l): l is { productId: string; quantity: number } => l.productId !== null).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of sorted) {
    await returnProductStock(tx, line.productId, line.quantity);
  }
}
