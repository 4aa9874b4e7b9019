import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound } from '../common/app-error.js';
import { sellingUnit } from '@haat/shared/catalog/variant.rules';
import { saleableRowsByIds, type SaleableRow } from '../catalog/index.js';
import type DataLoader from 'dataloader';
import { batchedReads } from '../common/batched-reads.js';
import type { NamedStatement } from '../db/database.js';
import type { SaleableProduct } from './order-pricing.js';

/** The product reads of orders, per database (see batchedReads). */
const readers = new WeakMap<NamedStatement, DataLoader<string, SaleableRow | undefined>>();

/**
 * Product reads of orders arriving together are one query (a flash sale's 2,000 shoppers read one
 * row a handful of times, not 2,000 times). Safe because this read only prices the order and answers
 * what is plainly short: the order's statement checks price, discount and stock again under the row lock.
 */
function productReader(statement: NamedStatement): DataLoader<string, SaleableRow | undefined> {
  let reader = readers.get(statement);
  if (!reader) {
    reader = batchedReads<string, SaleableRow | undefined>(async (ids) => {
      const byId = new Map((await saleableRowsByIds(statement, ids)).map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
    readers.set(statement, reader);
  }
  return reader;
}

/** Reads the products of an order; unknown ids are a 404, unpublished ones a 409. */
export async function loadSaleable(statement: NamedStatement, ids: readonly string[]): Promise<Map<string, SaleableProduct>> {
  const rows = await productReader(statement).loadMany(ids);
  const byId = new Map<string, SaleableRow>();
  for (const row of rows) {
    if (row instanceof Error) throw row;
    if (row) byId.set(row.id, row);
  }
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw notFound(`Product ${id}`);
    if (!row.publish) throw new AppError(409, ErrorCode.Unavailable, `${row.name} is no longer available.`, { productId: id });
  }
  return byId;
}

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
