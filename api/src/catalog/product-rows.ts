import type DataLoader from 'dataloader';
import { Column, asc, desc, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { defineStatement, statementOf, type NamedStatement } from '../db/database.js';
import { productColumns, type ProductRow } from './product-columns.js';
import { products } from './products.table.js';
import { AskedBefore, ReadCache } from './read-cache.js';
import type { CatalogVersion } from './catalog-version.js';
import { batchedReads, loadAll } from '../common/batched-reads.js';

/**
 * Product rows as the wire shows them, read by named statements on the search pool: a listing's page
 * (one prepared statement per shape), rows by id, and the select list and row decoding that search's
 * own statements reuse, so that every reader of products gets the same columns, stock included.
 */

const dialect = new PgDialect();

/** The wire's columns as a select list over an unaliased `products` (the stock columns are subqueries on it, without parameters). */
export const PRODUCT_SELECT_LIST: SQL = sql.raw(
  Object.entries(productColumns)
    .map(([key, column]) => (is(column, Column) ? `products."${column.name}" as "${key}"` : `${dialect.sqlToQuery(column).sql} as "${key}"`))
    .join(', '),
);

const ROWS_BY_ID = defineStatement<{ ids: string[] }>(
  'haat_product_rows',
  (p) => sql`select ${PRODUCT_SELECT_LIST} from products where products.id = any(${p.ids}::text[]) and products.publish`,
);

/** The rows of these products in the order given (one indexed fetch); a product deleted meanwhile is left out. */
export async function productRows(read: NamedStatement, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const raw = await read<Record<string, unknown>, { ids: string[] }>(ROWS_BY_ID, { ids });
  const byId = new Map(raw.map((r) => [r.id as string, toProductRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many products' rows a ProductRowCache holds, and for how long at most. A row lives here with its wire form and JSON
 * text (products.service.ts), ≈ 4.5 KiB in all: 4,000 are ≈ 18 MiB of the API thread's heap, which 10,000 (45 MiB) put
 * over the 600 MiB an instance has at a million products; the rows searches show most often stay (docs/benchmarks.md#search).
 */
const CACHED_ROWS = 4_000;
const ROW_TTL_MS = 5000;

/**
 * Rows by id (as productRows reads them) held for a few seconds, for answers built from many products
 * that are rarely asked twice (a search: every text is new, its products are not). As fresh as the read
 * cache's answers: a change to a product (stock, rating, text) drops its row on every instance, a
 * catalogue write drops them all, and a row is never held past ROW_TTL_MS. Only the missing rows are
 * read, in one statement.
 */
export class ProductRowCache {
  private readonly rows = new ReadCache<ProductRow | null>(CACHED_ROWS, ROW_TTL_MS, ROW_TTL_MS);
  /**
   * A row is kept from its second reading: most of a large catalogue's products are shown once, and kept at once they
   * pushed out the ones shown again and again (rows read a search 5.9 → 4.1 at a million products; docs/benchmarks.md#search).
   */
  private readonly readBefore = new AskedBefore();
  /**
   * The rows missing here, read together with those that searches answered at the same moment miss (batchedReads):
   * under load one statement serves several searches' pages, and a statement's fixed cost (its round trip, the
   * driver's work on both sides) was most of what reading a page's few missing rows cost.
   */
  private readonly missing: DataLoader<string, ProductRow | null>;
  private version: number;

  constructor(
    read: NamedStatement,
    private readonly catalog: CatalogVersion,
  ) {
    this.missing = batchedReads(async (ids) => {
      const found = new Map((await productRows(read, [...ids])).map((row) => [row.id, row]));
      return ids.map((id) => found.get(id) ?? null);
    });
    this.version = catalog.value;
    catalog.onProductsChanged((ids) => this.rows.drop(ids));
  }

  async byIds(ids: string[]): Promise<ProductRow[]> {
    if (this.catalog.value !== this.version) {
      this.rows.clear();
      this.version = this.catalog.value;
    }
    const rows = await this.rows.getMany(
      ids,
      (missing) => loadAll(this.missing, missing),
      (_row, id) => [id],
      (id) => this.readBefore.check(id),
    );
    return rows.filter((row) => row !== null);
  }
}

/** How many listing shapes get a prepared statement of their own; past that they run unnamed. */
const MAX_PAGE_SHAPES = 256;
const pageShapes = new Map<string, string>();

/** A page's name by its text: `haat_page_N` for the first MAX_PAGE_SHAPES texts, then none. */
function pageName(text: string): string | undefined {
  let name = pageShapes.get(text);
  if (name === undefined && pageShapes.size < MAX_PAGE_SHAPES) pageShapes.set(text, (name = `haat_page_${pageShapes.size + 1}`));
  return name;
}

/**
 * One listing page in one statement: the rows of the `limit` products after `offset` that `where`
 * keeps, in `order`. The statement's text depends only on the listing's shape (which filters it has,
 * its order, whether it seeks past an anchor, its limit and offset), never on the filters' values,
 * which travel as parameters; each shape is a named prepared statement, so PostgreSQL plans it (the
 * inventory columns most of all) once per connection and the page costs one round trip. The limit
 * and offset are written into the text: PostgreSQL can estimate only a constant, and a cached plan
 * made for an unknown limit expects a tenth of the table and scans all of it. Both are small
 * integers here (the offset is what is left after the nearest anchor, under 240).
 */
export async function pageRows(read: NamedStatement, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<ProductRow[]> {
  const page = statementOf(
    sql`select ${PRODUCT_SELECT_LIST} from ${products} where ${products.id} in (
      select ${products.id} from ${products} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)}
      limit ${sql.raw(String(Math.trunc(limit)))} offset ${sql.raw(String(Math.trunc(offset)))})
    order by ${sql.join(order, sql`, `)}`,
    pageName,
  );
  const raw = await read<Record<string, unknown>>(page, {});
  return raw.map(toProductRow);
}

/**
 * Each wire column's key and how its driver value is read, worked out once: a row is decoded by a
 * loop over this list instead of asking drizzle, per row and column, what kind of column it is.
 */
const decoders: ReadonlyArray<readonly [string, (value: unknown) => unknown]> = Object.entries(productColumns).map(([key, column]) => {
  const mapper = is(column, Column) ? column : (column as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }).decoder;
  return [key, (value: unknown) => mapper.mapFromDriverValue(value)] as const;
});

export function toProductRow(r: Record<string, unknown>): ProductRow {
  const row: Record<string, unknown> = {};
  for (const [key, decode] of decoders) {
    const value = r[key];
    row[key] = value === null || value === undefined ? value : decode(value);
  }
  return row as ProductRow;
}

export type SearchSort = 'lowToHigh' | 'highToLow' | 'oldest' | 'newest';

/** The listing orders, each with the id to keep pages stable. */
export function sortOrder(sort: SearchSort): SQL[] {
  switch (sort) {
    case 'lowToHigh':
      return [asc(products.salePrice), asc(products.id)];
    case 'highToLow':
      return [desc(products.salePrice), desc(products.id)];
    case 'oldest':
      return [asc(products.createdAt), asc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
  }
}
