import type { Readable } from 'node:stream';
import { asc, gt } from 'drizzle-orm';
import { BRAND_FIELD, IMPORT_COLUMNS, LIST_SEPARATOR, type ImportColumn, type ImportFormat } from '@haat/shared/catalog/catalog-import';
import { sheetStream, type Cell } from '../../common/sheet-stream.js';
import type { Db } from '../../db/database.js';
import { categoryNames } from '../categories.repository.js';
import { productColumns, type ProductRow } from '../product-columns.js';
import { products } from '../products.table.js';
import { subCategoryNames } from '../subcategories.repository.js';

/** Products read per statement while an export streams: the file is never held whole (docs/product.md#catalogue-in-bulk). */
const PAGE = 500;

type Cells = Partial<Record<ImportColumn, string | number>>;
const JOIN = ` ${LIST_SEPARATOR} `;

/** A product's rows in the file: its own, then one per option; stock is written twice, the second as `stock_exported`. */
export function rowsOf(row: ProductRow, categories: Map<string, string>, subCategories: Map<string, string>): Cells[] {
  const names = (ids: string[], index: Map<string, string>) => ids.flatMap((id) => index.get(id) ?? []).join(JOIN);
  const brand = row.moreDetails[BRAND_FIELD];
  const own: Cells = {
    sku: row.sku,
    name: row.name,
    category: names(row.categoryIds, categories),
    subcategory: names(row.subCategoryIds, subCategories),
    brand: brand === undefined ? '' : String(brand),
    unit: row.unit,
    price: row.price,
    discount: row.discount,
    stock: row.inventory.stock,
    stock_exported: row.inventory.stock,
    hsn: row.hsn ?? '',
    gst_rate: row.gstRate ?? '',
    description: row.description,
    pictures: row.image.join(JOIN),
  };
  const options = row.inventory.variants.map((v): Cells => ({
    sku: v.sku ?? '',
    product_sku: row.sku,
    option: v.name,
    price: v.price ?? '',
    stock: v.stock ?? '',
    stock_exported: v.stock ?? '',
    pictures: (v.image ?? []).join(JOIN),
  }));
  return [own, ...options];
}

/** Every product's rows, a page of products at a time, in SKU order. */
async function* catalogueRows(db: Db): AsyncGenerator<Cells> {
  const [cats, subs] = await Promise.all([categoryNames(db), subCategoryNames(db)]);
  const categories = new Map(cats.map((c) => [c.id, c.name]));
  const subCategories = new Map(subs.map((s) => [s.id, s.name]));
  let after = '';
  for (;;) {
    const page = await db.select(productColumns).from(products).where(gt(products.sku, after)).orderBy(asc(products.sku)).limit(PAGE);
    for (const row of page) yield* rowsOf(row, categories, subCategories);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.sku;
  }
}

/** The catalogue as a stream of the file's bytes. */
export function exportCatalogue(db: Db, format: ImportFormat): Readable {
  return writeFile(catalogueRows(db), format);
}

/**
 * Rows as a CSV or XLSX stream (sheetStream, as every export is), with the header the import reads. Text that a
 * spreadsheet would run as a formula is guarded (guardedCell; the import reads it back as it was).
 */
export function writeFile(rows: AsyncIterable<Cells> | Iterable<Cells>, format: ImportFormat): Readable {
  return sheetStream(format, { name: 'catalogue', header: IMPORT_COLUMNS, rows: inColumns(rows) });
}

async function* inColumns(rows: AsyncIterable<Cells> | Iterable<Cells>): AsyncGenerator<Cell[]> {
  for await (const cells of rows) yield IMPORT_COLUMNS.map((c) => cells[c] ?? null);
}
