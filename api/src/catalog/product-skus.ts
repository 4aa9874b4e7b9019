import { eq, inArray } from 'drizzle-orm';
import { SKU_REF_PREFIX, skuStem } from '@haat/shared/catalog/sku';
import type { Db } from '../db/database.js';
import { conflict, notFound, type AppError } from '../common/app-error.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { newId } from '../common/ids.js';
import { optionSkuOwners } from '../inventory/index.js';
import { products } from './products.table.js';

// SKUs of products and their options: one namespace in the shop, kept in capitals (docs/product.md#catalogue-in-bulk).

type Reader = Pick<Db, 'select'>;

/** A new product's SKU when the admin gave none: its name's stem and the random end of a new id (ULIDs are capitals already). */
export function newProductSku(name: string): string {
  return `${skuStem(name)}-${newId().slice(-10)}`;
}

/** The id of a product an admin call names by id or `sku:<SKU>` (ProductRef); 404 for a SKU no product has. */
export async function productIdOf(db: Reader, ref: string): Promise<string> {
  if (!ref.startsWith(SKU_REF_PREFIX)) return ref;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sku, ref.slice(SKU_REF_PREFIX.length)));
  if (!row) throw notFound('Product');
  return row.id;
}

const taken = (sku: string, field: string): AppError => conflict(`SKU "${sku}" is already used by another product or option.`, { fields: [field] });

/**
 * After a save, in its transaction: the product's SKU is no option's, and its options' SKUs are no product's. Each
 * table's unique index keeps its own SKUs apart; this keeps the two apart.
 */
export async function assertSkusFree(tx: Reader, product: { id: string; sku: string; optionSkus: ReadonlyArray<string | undefined> }): Promise<void> {
  const [owner] = await optionSkuOwners(tx, [product.sku]);
  if (owner) throw taken(product.sku, 'sku');
  const skus = product.optionSkus.filter((s): s is string => s !== undefined);
  if (skus.length === 0) return;
  const [clash] = await tx.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus));
  if (clash) throw taken(clash.sku, `variants.${product.optionSkus.indexOf(clash.sku)}.sku`);
}

/** A save that ran into a SKU's unique index, as the 409 naming the field; any other error as it was. */
export function skuConflict(error: unknown, sent: { sku?: string; variants?: ReadonlyArray<{ sku?: string }> }): unknown {
  if (!isUniqueViolation(error)) return error;
  const e = error as { constraint?: string; detail?: string; cause?: { constraint?: string; detail?: string } };
  const constraint = e.constraint ?? e.cause?.constraint;
  const value = /=\((.*)\)/.exec(e.detail ?? e.cause?.detail ?? '')?.[1] ?? '';
  if (constraint === 'products_sku') return taken(value || (sent.sku ?? ''), 'sku');
  if (constraint !== 'product_variants_sku') return error;
  const at = sent.variants?.findIndex((v) => v.sku === value) ?? -1;
  return taken(value, at >= 0 ? `variants.${at}.sku` : 'variants');
}
