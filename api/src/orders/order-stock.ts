import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound } from '../common/app-error.js';
import { sellingUnit } from '@haat/shared/catalog/variant.rules';
import { returnProductStock, returnVariantStock, saleableRowsByIds, takeProductStock, takeVariantStock } from '../products/products.repository.js';
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
export type TakeFailure = { kind: 'stock'; product: StockOf } | { kind: 'price'; product: StockOf };

/** A product (or one variant of it) as an out-of-stock answer names it. */
export interface StockOf {
  id: string;
  name: string;
  stock: number;
  variant: { _id: string; name: string } | null;
}

/** Stock of the product, or of the variant where it keeps its own; a vanished variant has none. */
export function stockOf(product: SaleableProduct, variantId: string | null): StockOf {
  const variant = variantId === null ? null : (product.variants.find((v) => v._id === variantId) ?? null);
  const stock = variantId !== null && !variant ? 0 : sellingUnit(product, variant).stock;
  return { id: product.id, name: product.name, stock, variant: variant ? { _id: variant._id, name: variant.name } : null };
}

const byProductAndVariant = (a: { productId: string; variantId: string | null }, b: { productId: string; variantId: string | null }) => {
  const ka = `${a.productId}\u0000${a.variantId ?? ''}`;
  const kb = `${b.productId}\u0000${b.variantId ?? ''}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/**
 * Takes stock line by line with `stock = stock - q where stock >= q` (and the price the shopper
 * was charged still current), so concurrent orders can never oversell: the row lock makes a
 * second order wait, and its condition is checked again on the committed stock. Lines go in
 * product-id order so two multi-line orders lock rows in the same order and never deadlock.
 */
export async function takeStock(
  tx: Tx,
  lines: ReadonlyArray<{ productId: string; variantId: string | null; ownStock: boolean; quantity: number; price: number; discount: number }>,
): Promise<TakeFailure | null> {
  for (const line of [...lines].sort(byProductAndVariant)) {
    const { variantId } = line;
    const taken = variantId === null ? await takeProductStock(tx, line) : await takeVariantStock(tx, { ...line, variantId });
    if (!taken) {
      const now = await loadSaleable(tx, [line.productId]);
      const product = stockOf(now.get(line.productId) as SaleableProduct, variantId);
      return product.stock < line.quantity ? { kind: 'stock', product } : { kind: 'price', product };
    }
  }
  return null;
}

/** Puts the units of a cancelled or expired order back. Lines of deleted products have nothing to return to. */
export async function returnStock(tx: Tx, lines: ReadonlyArray<{ productId: string | null; variantId: string | null; quantity: number }>): Promise<void> {
  type Kept = { productId: string; variantId: string | null; quantity: number };
  const sorted = lines.filter((l): l is Kept => l.productId !== null).sort(byProductAndVariant);
  for (const line of sorted) {
    if (line.variantId === null) await returnProductStock(tx, line.productId, line.quantity);
    else await returnVariantStock(tx, line.productId, line.variantId, line.quantity);
  }
}
