import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  CreateProductBody,
  GetProductsBody,
  ProductsByCategoryAndSubBody,
  SearchProductBody,
  UpdateProductBody,
} from '@haat/shared/catalog/product.schema';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { DB, SEARCH_STATEMENT, type Db, type NamedStatement } from '../db/database.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { notFound } from '../common/app-error.js';
import type { AdjustStockBody } from '@haat/shared/orders/overview';
import { categoryNames } from './categories.repository.js';
import { subCategoryNames } from './subcategories.repository.js';
import { CatalogVersion } from './catalog-version.js';
import { pageRows, sortOrder } from './product-rows.js';
import { PRODUCT_SEARCH, type ProductSearch } from './product-search.js';
import type { SearchUnderstood } from '@haat/shared/search/query-understanding';
import { toProduct, type NameIndex } from './product-wire.js';
import { productColumns, type ProductRow } from './product-columns.js';
import { products } from './products.table.js';
import { adjustUnitStock, deleteWithStock, productInStockSql } from '../inventory/index.js';
import { AskedBefore, ReadCache } from './read-cache.js';
import { ProductAnswer } from './product-answer.js';
import { jsonBytes, okJson } from '../common/json-text.js';
import { withPublicUrls } from '../common/public-urls.js';
import { PageAnchors } from './page-anchors.js';
import { otherCategoryProducts, relatedProducts } from './product-suggestions.js';
import { productIdOf, skuConflict } from './product-skus.js';
import { insertProduct, productRowOf, updateProduct } from './product-writes.js';
import { assertHsnDigits } from './product-update-rules.js';

export interface Page<T> {
  items: T[];
  total: number;
}

type Filters = Pick<GetProductsBody, 'minPrice' | 'maxPrice' | 'inStock' | 'sort'>;

@Injectable()
export class ProductsService {
  private readonly cache = new ReadCache<unknown>();
  /**
   * Answers to text a shopper typed (a search, a listing's filter text) in a cache of their own, kept from their
   * second ask: most searches are never typed again, and kept at once they would push the shop's listing pages out
   * of the cache above and fill the heap with answers nobody reads again (docs/architecture.md#the-catalogues-read-cache).
   */
  private readonly typed = new ReadCache<unknown>(2000);
  private readonly typedBefore = new AskedBefore();
  /**
   * Totals per catalogue version and filter set. Only an in-stock filter depends on something that
   * changes without a catalogue write (orders take stock), so only those counts expire quickly.
   */
  private readonly counts = new ReadCache<number>(2000, 10 * 60_000);
  private readonly stockCounts = new ReadCache<number>(2000);
  private readonly anchors: PageAnchors;
  private readonly relatedRows = new ReadCache<ProductRow[]>(1000);
  private names: { version: number; categories: NameIndex; subCategories: NameIndex } | null = null;
  /** A row's wire form and the names it was made with (see wireAll). */
  private readonly wired = new WeakMap<ProductRow, { names: object; product: Product }>();
  /** A wire form's JSON with public picture URLs, written once while the wire form lasts (see answer). */
  private readonly encoded = new WeakMap<Product, Buffer>();
  private readonly withPublicUrls: (value: unknown) => unknown;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PRODUCT_SEARCH) private readonly searchService: ProductSearch,
    @Inject(SEARCH_STATEMENT) private readonly read: NamedStatement,
  ) {
    this.anchors = new PageAnchors(db);
    this.withPublicUrls = withPublicUrls(config.publicUrl);
    // A review, an order or a stock movement: only the answers showing those products go.
    version.onProductsChanged((ids) => {
      this.cache.drop(ids);
      this.typed.drop(ids);
      this.relatedRows.drop(ids);
    });
  }

  /** Public reads go through the versioned cache; the key is the call and its validated body. */
  cached<T>(route: string, body: unknown, load: () => Promise<T>): Promise<T> {
    const key = `${this.version.value}|${route}|${JSON.stringify(body)}`;
    if (!hasSearchText(body)) return this.cache.get(key, load, productIdsIn) as Promise<T>;
    if (!this.typed.has(key) && !this.typedBefore.check(key)) return this.typed.passOver(load) as Promise<T>;
    return this.typed.get(key, load, productIdsIn) as Promise<T>;
  }

  /**
   * A catalogue read's answer in the envelope `ok()` makes, written as JSON once (docs/architecture.md#answers-written-once):
   * each product's JSON (UTF-8), public URLs and all, is kept beside its wire form, so a search whose products were shown a
   * moment ago (their rows held by search's row cache) writes only its envelope, and a cached answer is sent as its bytes.
   */
  answer(data: Product | Product[] | null, message: string, extra?: Record<string, unknown>): ProductAnswer {
    const json = data === null ? null : Array.isArray(data) ? data.map((p) => this.jsonOf(p)) : this.jsonOf(data);
    return new ProductAnswer(okJson(json, message, extra), data);
  }

  private jsonOf(product: Product): Buffer {
    let json = this.encoded.get(product);
    if (json === undefined) this.encoded.set(product, (json = jsonBytes(JSON.stringify(this.withPublicUrls(product)))));
    return json;
  }

  async create(body: CreateProductBody, adminId: string | null = null): Promise<Product> {
    assertHsnDigits(body.hsn, this.config.hsnDigits);
    const row = await this.db
      .transaction((tx) => insertProduct(tx, this.searchService, body, adminId))
      .catch((e: unknown) => {
        throw skuConflict(e, body);
      });
    await this.version.bump();
    await this.searchService.productsChanged([row.id], 'content');
    return this.wire(row);
  }

  async update(body: UpdateProductBody, adminId: string | null = null): Promise<Product> {
    assertHsnDigits(body.hsn, this.config.hsnDigits);
    const row = await this.db
      .transaction((tx) => updateProduct(tx, this.searchService, body, adminId))
      .catch((e: unknown) => {
        throw skuConflict(e, body);
      });
    await this.version.bump();
    await this.searchService.productsChanged([row.id], 'content');
    return this.wire(row);
  }

  /**
   * One unit's stock set from the admin's low-stock list, with the figure the screen loaded
   * (docs/decisions/0208-bare-stock-figures.md): the product row is locked as an edit locks it. Answers
   * the figure now on sale.
   */
  async adjustStock(body: AdjustStockBody, adminId: string | null): Promise<{ productId: string; variantId: string | null; available: number }> {
    const productId = await this.db.transaction(async (tx) => {
      const id = await productIdOf(tx, body.productId);
      const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
      if (!locked) throw notFound('Product');
      if (!(await adjustUnitStock(tx, id, body.variantId, body, adminId))) throw notFound('Variant');
      return id;
    });
    await this.version.bump();
    await this.searchService.productsChanged([productId], 'stock');
    const row = await productRowOf(this.db, productId);
    const unit = body.variantId === null ? null : row.inventory.variants.find((v) => v._id === body.variantId);
    return { productId, variantId: body.variantId, available: unit?.stock ?? row.inventory.stock };
  }

  async remove(ref: string): Promise<void> {
    const { deleted, id } = await this.db.transaction(async (tx) => {
      const id = await productIdOf(tx, ref);
      return { id, deleted: await deleteWithStock(tx, id, () => tx.delete(products).where(eq(products.id, id)).returning({ id: products.id })) };
    });
    if (deleted.length === 0) throw notFound('Product');
    await this.version.bump();
    await this.searchService.productsChanged([id], 'content');
  }

  /**
   * The product page is the read with the most distinct keys (one per product), so it misses the
   * cache most: a prepared statement skips rebuilding the query in drizzle and, on PostgreSQL,
   * re-planning it per request.
   */
  private detailsQuery?: ReturnType<ProductsService['prepareDetails']>;

  private prepareDetails() {
    return this.db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.id, sql.placeholder('id')), eq(products.publish, true)))
      .limit(1)
      .prepare('product_details');
  }

  async details(id: string): Promise<Product> {
    this.detailsQuery ??= this.prepareDetails();
    const [row] = await this.detailsQuery.execute({ id });
    if (!row) throw notFound('Product');
    return this.wire(row);
  }

  /** POST /product/get: every product, newest first, with optional search and listing filters. */
  async list(body: GetProductsBody): Promise<Page<Product>> {
    const { search = '', page, limit, minPrice, maxPrice, inStock, sort } = body;
    const found = await this.searchService.search({ text: search, page, limit, minPrice, maxPrice, inStock, sort });
    if (found) return { items: await this.wireAll(found.rows), total: found.total };
    return this.page([], body, page, limit);
  }

  async byCategory(categoryId: string, limit = 16): Promise<Product[]> {
    const rows = await this.db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.publish, true), sql`${products.categoryIds} @> array[${categoryId}]::text[]`))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit);
    return this.wireAll(rows);
  }

  async byCategoryAndSub(body: ProductsByCategoryAndSubBody): Promise<Page<Product>> {
    const nameFilter = body.search?.trim() ? sql`${products.name} ilike ${'%' + escapeLike(body.search.trim()) + '%'}` : undefined;
    const conditions = [
      sql`${products.categoryIds} @> array[${body.categoryId}]::text[]`,
      sql`${products.subCategoryIds} @> array[${body.subCategoryId}]::text[]`,
      nameFilter,
    ];
    if (!nameFilter) return this.page(conditions, body, body.page, body.limit);
    return this.bounded((db) => this.page(conditions, body, body.page, body.limit, db));
  }

  /** What a search was answered as when it forgave a typo (docs/product.md#screen-behaviour), or null. */
  correctedSearch(text: string, found: ReadonlyArray<{ readonly name: string }>): string | null {
    return this.searchService.correctedSearch(text, found);
  }

  /**
   * Forgiving full-text search, best matches first (see SearchService), with what the query was understood as; no
   * words typed lists the whole catalogue, newest first.
   */
  async search(body: SearchProductBody): Promise<Page<Product> & { understood?: SearchUnderstood }> {
    const found = await this.searchService.search({ text: body.search, page: body.page, limit: body.limit });
    if (found) return { items: await this.wireAll(found.rows), total: found.total, understood: found.understood };
    return this.page([], {}, body.page, body.limit);
  }

  /**
   * Runs a search's statements in one read transaction whose statement_timeout is
   * CATALOG_QUERY_TIMEOUT_MS: a query past it is cancelled (SQLSTATE 57014, answered 503 with
   * Retry-After) instead of holding a connection and a core. PGlite has no timer to cancel with,
   * so there the work runs as it is.
   */
  private bounded<T>(work: (db: Db) => Promise<T>): Promise<T> {
    if (!this.config.databaseUrl) return work(this.db);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(this.config.catalogQueryTimeoutMs)}`));
      return work(tx);
    });
  }

  /**
   * Every product page of a subcategory asks for the same rows but its own: so one more than asked
   * is read (and cached) per category and subcategory, and the product itself dropped here.
   */
  async related(categoryId: string | undefined, subCategoryId: string | undefined, excludeId: string | undefined, limit: number): Promise<Product[]> {
    const key = `${this.version.value}|${categoryId}|${subCategoryId}|${limit}`;
    const rows = await this.relatedRows.get(
      key,
      () => relatedProducts(this.db, categoryId, subCategoryId, undefined, limit + 1),
      (found) => found.map((row) => row.id),
    );
    return this.wireAll(rows.filter((row) => row.id !== excludeId).slice(0, limit));
  }

  async otherCategories(currentCategoryId: string | undefined, limit: number): Promise<Product[]> {
    const ids = await otherCategoryProducts(this.db, currentCategoryId, limit);
    if (ids.length === 0) return [];
    const rows = await this.db.select(productColumns).from(products).where(inArray(products.id, ids));
    const order = new Map(ids.map((id, i) => [id, i]));
    return this.wireAll(rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!));
  }

  /**
   * One page of a listing, in one statement (pageRows): the 12 ids are chosen first (for the usual
   * orders an index walk, without reading the rows it skips, and from the nearest anchor for deep
   * pages), then only those rows are read with their inventory. The statement is prepared per
   * listing shape, so PostgreSQL plans it once per connection, where planning the rows with their
   * inventory took longer than reading them; it runs on the search pool, whose statement_timeout
   * bounds a name filter's scan. The total is counted separately and cached per catalogue version and filter set, so paging
   * through a listing counts it once. (A `count(*) over()` beside the page reads every matching
   * row on every request: 30 req/s.)
   */
  private async page(conditions: Array<SQL | undefined>, filters: Filters, page: number, limit: number, db: Db = this.db): Promise<Page<Product>> {
    const where = and(
      // The column itself, not compared with a parameter: a prepared statement's cached plan can then use the
      // listings' partial indexes (on published products), which a parameter could not promise.
      sql`${products.publish}`,
      ...conditions,
      filters.minPrice !== undefined ? gte(products.salePrice, filters.minPrice) : undefined,
      filters.maxPrice !== undefined ? lte(products.salePrice, filters.maxPrice) : undefined,
      filters.inStock ? productInStockSql : undefined,
    );
    const order = sortOrder(filters.sort ?? 'newest');
    // One key for this listing's filter set in this catalogue version: its count and anchors.
    const { sql: text, params } = db
      .select({ one: sql`1` })
      .from(products)
      .where(where)
      .toSQL();
    const key = `${this.version.value}|${text}|${JSON.stringify(params)}`;
    const dependsOnStock = !!filters.inStock;
    const seek = await this.anchors.seek(key, where, filters.sort ?? 'newest', (page - 1) * limit, dependsOnStock);
    const [rows, total] = await Promise.all([
      pageRows(this.read, and(where, seek.after), order, limit, seek.offset),
      (dependsOnStock ? this.stockCounts : this.counts).get(key, async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(where);
        return row?.n ?? 0;
      }),
    ]);
    return { items: await this.wireAll(rows), total };
  }

  /** Category and subcategory names, read once per catalogue version (a few dozen rows). */
  private async nameIndex(): Promise<{ categories: NameIndex; subCategories: NameIndex }> {
    const version = this.version.value;
    if (this.names?.version === version) return this.names;
    const [cats, subs] = await Promise.all([categoryNames(this.db), subCategoryNames(this.db)]);
    this.names = { version, categories: new Map(cats.map((c) => [c.id, c.name])), subCategories: new Map(subs.map((s) => [s.id, s.name])) };
    return this.names;
  }

  private async wire(row: ProductRow): Promise<Product> {
    return (await this.wireAll([row]))[0]!;
  }

  /**
   * Rows as the wire shows them. A row held by search's row cache comes back as the same object from search to search,
   * so its wire form is kept beside it (until either is dropped, or the names change): answers only read it.
   */
  private async wireAll(rows: ProductRow[]): Promise<Product[]> {
    const names = await this.nameIndex();
    return rows.map((row) => {
      const kept = this.wired.get(row);
      if (kept?.names === names) return kept.product;
      const product = toProduct(row, names.categories, names.subCategories);
      this.wired.set(row, { names, product });
      return product;
    });
  }
}

/**
 * A body carrying text a shopper typed (`search`, not blank): its answers are kept from their second ask, and the
 * controller counts it against the client's search budget.
 */
export function hasSearchText(body: unknown): boolean {
  const search = (body as { search?: unknown } | null | undefined)?.search;
  return typeof search === 'string' && search.trim() !== '';
}

/** The products a cached answer shows: its data, a product or a list of them (the envelope of ok()). */
function productIdsIn(answer: unknown): string[] {
  const data = (answer as { data?: unknown } | null)?.data;
  const items = Array.isArray(data) ? data : data ? [data] : [];
  return items.flatMap((item) => {
    const id = (item as { _id?: unknown } | null)?._id;
    return typeof id === 'string' ? [id] : [];
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
