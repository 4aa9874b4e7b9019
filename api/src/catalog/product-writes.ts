import { eq } from 'drizzle-orm';
import type { CreateProductBody, UpdateProductBody } from '@haat/shared/catalog/product.schema';
import { typeForUnit } from '@haat/shared/catalog/product-unit.rule';
import type { Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { createProductStock, updateProductStock } from '../inventory/index.js';
import { lockCatalogRefs } from './catalog-refs.js';
import { productColumns, type ProductRow } from './product-columns.js';
import type { ProductSearch } from './product-search.js';
import { assertSkusFree, newProductSku, productIdOf } from './product-skus.js';
import { assertTaxCodesAfter, assertUnitSuitsType } from './product-update-rules.js';
import { products } from './products.table.js';

// A product's create and update, each run in the caller's transaction: the product form saves one at a time
// (ProductsService: its words learnt and the saved row read back in its transaction), an imported file one
// product to a transaction (catalog/import/: `importProduct`, the words learnt by the caller once a batch has
// committed, nothing read back). The caller bumps the catalogue's version and tells search once it commits.

type Search = Pick<ProductSearch, 'learnWords'>;
type Reason = { create: 'initial' | 'import'; update: 'adjustment' | 'import' };

/** A product as the wire reads it (stock and options from the inventory), published or not. */
export async function productRowOf(db: Pick<Db, 'select'>, id: string): Promise<ProductRow> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product');
  return row;
}

export async function insertProduct(tx: Db, search: Search, body: CreateProductBody, adminId: string | null): Promise<ProductRow> {
  const { id } = await insertRows(tx, body, adminId, 'initial');
  await search.learnWords(tx, [id]);
  const made = await productRowOf(tx, id);
  await assertSkusFree(tx, { id: made.id, sku: made.sku, optionSkus: made.inventory.variants.map((v) => v.sku) });
  return made;
}

/** The product's rows and its stock; answers its id and SKU. */
async function insertRows(tx: Db, body: CreateProductBody, adminId: string | null, reason: Reason['create']): Promise<{ id: string; sku: string }> {
  const categoryIds = unique(body.category);
  const subCategoryIds = unique(body.subCategory);
  const sku = body.sku ?? newProductSku(body.name);
  await lockCatalogRefs(tx, categoryIds, subCategoryIds);
  const [inserted] = await tx
    .insert(products)
    .values({
      id: newId(),
      name: body.name,
      sku,
      image: body.image,
      categoryIds,
      subCategoryIds,
      unit: body.unit,
      productType: body.productType ?? typeForUnit(body.unit),
      maxPerOrder: body.maxPerOrder,
      price: body.price,
      discount: body.discount,
      hsn: body.hsn,
      gstRate: body.gstRate,
      description: body.description,
      moreDetails: body.more_details,
    })
    .returning({ id: products.id });
  await createProductStock(tx, { id: inserted!.id, sku }, body.stock, body.variants, adminId, reason);
  return { id: inserted!.id, sku };
}

export async function updateProduct(tx: Db, search: Search, body: UpdateProductBody, adminId: string | null): Promise<ProductRow> {
  const { id } = await updateRows(tx, body, adminId, 'adjustment');
  await search.learnWords(tx, [id]);
  const saved = await productRowOf(tx, id);
  await assertSkusFree(tx, { id: saved.id, sku: saved.sku, optionSkus: saved.inventory.variants.map((v) => v.sku) });
  return saved;
}

/**
 * An imported product's create or update, in the caller's transaction: the same rows and stock as the form's, the
 * SKUs it sends checked against the other table, its words left for the caller to learn after commit
 * (ProductSearch.learnWords, once a batch). Answers the product's id.
 */
export async function importProduct(tx: Db, body: { create: CreateProductBody } | { update: UpdateProductBody }, adminId: string | null): Promise<string> {
  if ('create' in body) {
    const made = await insertRows(tx, body.create, adminId, 'import');
    await assertSkusFree(tx, { ...made, optionSkus: body.create.variants.map((v) => v.sku) });
    return made.id;
  }
  const saved = await updateRows(tx, body.update, adminId, 'import');
  await assertSkusFree(tx, { ...saved, optionSkus: body.update.variants?.map((v) => v.sku) ?? [] });
  return saved.id;
}

/** The product's row and its stock; answers its id and SKU. */
async function updateRows(tx: Db, body: UpdateProductBody, adminId: string | null, reason: Reason['update']): Promise<{ id: string; sku: string }> {
  const { _id: ref, category, subCategory, more_details, variants, stock, expectedStock, ...rest } = body;
  const _id = await productIdOf(tx, ref);
  await lockCatalogRefs(tx, unique(category ?? []), unique(subCategory ?? []));
  // Locked, so a concurrent edit cannot slip a variant or unit change between this check and the write.
  // FOR NO KEY UPDATE, as the update itself takes: orders placed meanwhile hold the product's stock
  // pools and then check their lines' keys against this row (FOR KEY SHARE), which FOR UPDATE would
  // block while this save waits for those pools, a deadlock (docs/decisions/0216-one-lock-order-for-orders-and-admin-writes.md).
  const [stored] = await tx
    .select({ productType: products.productType, unit: products.unit, sku: products.sku, hsn: products.hsn, gstRate: products.gstRate })
    .from(products)
    .where(eq(products.id, _id))
    .for('no key update');
  if (!stored) throw notFound('Product');
  assertUnitSuitsType(stored, rest);
  assertTaxCodesAfter(stored, rest);
  const [updated] = await tx
    .update(products)
    .set({
      ...rest,
      ...(category ? { categoryIds: unique(category) } : {}),
      ...(subCategory ? { subCategoryIds: unique(subCategory) } : {}),
      ...(more_details ? { moreDetails: more_details } : {}),
      updatedAt: new Date(),
    })
    .where(eq(products.id, _id))
    .returning({ id: products.id });
  if (!updated) throw notFound('Product');
  await updateProductStock(tx, _id, { sku: rest.sku ?? stored.sku, stock, expectedStock, variants, reason }, adminId);
  return { id: _id, sku: rest.sku ?? stored.sku };
}

const unique = (ids: string[]) => [...new Set(ids)];
