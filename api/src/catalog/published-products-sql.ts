import { sql, type SQL } from 'drizzle-orm';
import { productStockMovedSql } from '../inventory/index.js';
import { SHELF_NAME_SPLIT } from '@haat/shared/search/query-narrowing';

/**
 * The catalogue's published products and shelves as the search's and the ONDC catalogue's statements read them
 * (docs/architecture.md#who-owns-which-table): the catalogue writes the text that names its tables, the reader chooses
 * the columns and composes the statement.
 * Each fragment reads `products` unaliased, as the search's columns (and the inventory's in-stock fragment) name it.
 */

/** The names of a product's shelves, its subcategories' then its categories', each as to_tsvector's text, in one JSON text. */
export const PRODUCT_SHELF_VECTORS =
  sql.raw(`array_to_json(array(select to_tsvector('english', s.name)::text from sub_categories s where s.id = any(products.sub_category_ids)
  union all select to_tsvector('english', c.name)::text from categories c where c.id = any(products.category_ids)))::text`);

/** Up to `limit` published products after the id `after`, by id: the given columns of each. */
export const publishedProductsAfter = (columns: SQL, after: string, limit: number) =>
  sql`select ${columns} from products where publish and id > ${after} order by id limit ${limit}`;

/** A changed product's window: changed after `since`, up to and with `until`. */
export interface ChangedWindow {
  since: Date;
  until: Date;
}
/** Changed in the window: its own row (name, price, picture, publishing), or its stock alone (the inventory's ledger). */
const changedIn = (w: ChangedWindow) =>
  sql`((updated_at > ${w.since.toISOString()}::timestamptz and updated_at <= ${w.until.toISOString()}::timestamptz) or ${productStockMovedSql(w.since, w.until)})`;
const inCategories = (categoryIds: readonly string[]) => sql`category_ids && ${sql.param([...categoryIds])}::text[]`;

/**
 * Up to `limit` products of the given categories after the id `after`, by id: the given columns of each; the published
 * ones, or with `changed` every one changed in that window (an unpublished one too: it leaves the network's catalogue).
 */
export const productsInCategoriesAfter = (columns: SQL, categoryIds: readonly string[], after: string, limit: number, changed: ChangedWindow | null) =>
  sql`select ${columns} from products where ${inCategories(categoryIds)} and id > ${after} and ${changed ? changedIn(changed) : sql`publish`} order by id limit ${limit}`;

/** One row when a product of the given categories changed in the window, none otherwise. */
export const productChangedInCategories = (categoryIds: readonly string[], changed: ChangedWindow) =>
  sql`select 1 from products where ${inCategories(categoryIds)} and ${changedIn(changed)} limit 1`;

/** The products whose own SKU is one of `skus` (stored in capitals): `id` and `sku` of each. */
export const productsBySku = (skus: readonly string[]) => sql`select id, sku from products where sku = any(${sql.param([...skus])}::text[])`;

/** The published products among `ids`: the given columns of each. */
export const publishedProductsIn = (columns: SQL, ids: string[]) => sql`select ${columns} from products where publish and id in ${ids}`;

/** How many products are published (`n`). */
export const PUBLISHED_PRODUCT_COUNT = sql`select count(*)::int as n from products where publish`;

/** A digest of every shelf's id and name (`n`, '' with no shelf): it changes when a shelf is added, renamed or removed. */
export const SHELF_NAMES_DIGEST = sql`select coalesce(md5(string_agg(id || ':' || name, '|' order by id)), '') as n from (
  select id, name from categories union all select id, name from sub_categories) s`;

/** Whether the product is on a shelf (subcategory or category) whose name, in words (SHELF_NAME_SPLIT), holds one of `words` (a text[] value). */
export const onShelfNamed = (words: SQL) => sql`(
  products.sub_category_ids && array(select id from sub_categories where regexp_split_to_array(lower(name), ${SHELF_NAME_SPLIT}) && ${words}::text[])
  or products.category_ids && array(select id from categories where regexp_split_to_array(lower(name), ${SHELF_NAME_SPLIT}) && ${words}::text[]))`;

/** Whether the product is on a shelf (subcategory or category) called exactly one of `names` (a text[] value). */
export const onShelfCalled = (names: SQL) => sql`(
  products.sub_category_ids && array(select id from sub_categories where name = any(${names}::text[]))
  or products.category_ids && array(select id from categories where name = any(${names}::text[])))`;

/** The distinct lexemes (`w`) of the search vectors of these products, or of every product. */
export const productLexemes = (productIds?: string[]) =>
  sql`select distinct w from products, unnest(tsvector_to_array(products.search)) as w ${productIds ? sql`where products.id in ${productIds}` : sql``}`;

/**
 * Whether a published product's name, or a shelf's, matches `pattern` (a word-boundary expression of the words
 * `words`) as `sold`: the products whose text holds the words' stems are found through the search vector's GIN index
 * first, and only those names are matched.
 */
export const namedAsWholeWords = (words: SQL, pattern: SQL) => sql`select exists (select 1 from products where products.publish
      and products.search @@ plainto_tsquery('english', ${words}::text) and products.name ~* ${pattern}::text)
    or exists (select 1 from sub_categories where name ~* ${pattern}::text)
    or exists (select 1 from categories where name ~* ${pattern}::text) as sold`;

/** Every shelf's name (`name`): the categories' and the subcategories'. */
export const SHELF_NAMES = sql`select name from categories union all select name from sub_categories`;

/**
 * Whether a published product holds the words `brand` and is of the kind `kind` (its own words, or its shelf's name,
 * hold the kind's), as `sold`: each way by the search vector's and the shelf ids' GIN indexes together (a statement
 * that read the brand's products and then their shelves took 0.2 s for a brand of 3,000 products at 100,000).
 */
export const heldWithKind = (brand: SQL, kind: SQL) => sql`with k as (select plainto_tsquery('english', ${kind}::text) as q),
  shelves as materialized (select array(select id from sub_categories, k where to_tsvector('english', name) @@ k.q) as subs,
    array(select id from categories, k where to_tsvector('english', name) @@ k.q) as cats)
select exists (select 1 from products where publish and search @@ (plainto_tsquery('english', ${brand}::text) && plainto_tsquery('english', ${kind}::text)))
  or exists (select 1 from products, shelves where publish and search @@ plainto_tsquery('english', ${brand}::text) and sub_category_ids && shelves.subs)
  or exists (select 1 from products, shelves where publish and search @@ plainto_tsquery('english', ${brand}::text) and category_ids && shelves.cats) as sold`;
