import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError, notFound } from '../common/app-error.js';
import { sellingUnit } from '@haat/shared/catalog/selling-unit';
import { saleableRowsByIds, type SaleableRow } from '../catalog/index.js';
import type DataLoader from 'dataloader';
import { batchedReads, loadAll } from '../common/batched-reads.js';
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
  const rows = await loadAll(productReader(statement), ids);
  const byId = new Map<string, SaleableRow>();
  for (const row of rows) if (row) byId.set(row.id, row);
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

/**
 * The first stock pool an order's lines want more of than it has, or null. Lines that draw on one
 * pool are added up: options without stock of their own sell the product's, so "1 kg" and "2 kg"
 * packs in one order both take from it (the order's statement reserves per pool alike). A pool
 * shared by several lines is named as the product's; an option's own pool by the option.
 */
export function shortOfStock(
  items: ReadonlyArray<{ productId: string; variantId: string | null; quantity: number }>,
  products: ReadonlyMap<string, SaleableProduct>,
): { left: StockOf; wanted: number } | null {
  const pools = new Map<string, { left: StockOf; wanted: number }>();
  for (const item of items) {
    const product = products.get(item.productId);
    if (!product) continue;
    const left = stockOf(product, item.variantId);
    // An option with stock of its own, or one the product no longer has (nothing left), is its own pool.
    const variant = item.variantId === null ? undefined : product.variants.find((v) => v._id === item.variantId);
    const ownPool = item.variantId !== null && (variant === undefined || typeof variant.stock === 'number');
    const key = ownPool ? `${item.productId}\u0000${item.variantId}` : item.productId;
    const pool = pools.get(key);
    if (pool) {
      pool.wanted += item.quantity;
      pool.left = { ...pool.left, variant: null };
    } else pools.set(key, { left, wanted: item.quantity });
  }
  for (const pool of pools.values()) if (pool.left.stock < pool.wanted) return pool;
  return null;
}
